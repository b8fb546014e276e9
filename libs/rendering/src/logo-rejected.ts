/** A logo that cannot be used; the message starts with what is wrong (the caller names the field). */
export class LogoRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LogoRejected';
  }
}

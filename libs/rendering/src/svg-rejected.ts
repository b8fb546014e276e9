/** An SVG logo the sanitiser refuses as a whole; the message starts with what is wrong. */
export class SvgRejected extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SvgRejected';
  }
}

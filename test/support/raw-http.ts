/** An HTTP/1.1 answer read off a bare socket: its status, its headers (names in lower case) and its JSON body. */
export function parseRawAnswer(answer: string): { status: number; headers: Record<string, string>; body: Record<string, unknown> } {
  const [head, ...rest] = answer.split('\r\n\r\n');
  const [statusLine, ...headerLines] = head.split('\r\n');
  const headers = Object.fromEntries(
    headerLines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]),
  );
  return { status: Number(statusLine.split(' ')[1]), headers, body: JSON.parse(rest.join('\r\n\r\n')) };
}

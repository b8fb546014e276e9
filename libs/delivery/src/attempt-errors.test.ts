import { OutboundBlockedError, OutboundLimitError } from '@astro/outbound-http';
import { describeAnswer, describeFailure } from './attempt-errors';

describe('describeAnswer', () => {
  it.each([
    [500, 'HTTP 500 Internal Server Error: the receiver failed to take the delivery'],
    [404, 'HTTP 404 Not Found: the receiver refused the delivery'],
    [302, 'HTTP 302 Found: webhooks do not follow redirects; subscribe the final URL'],
    [599, 'HTTP 599: the receiver failed to take the delivery'],
    [101, 'HTTP 101 Switching Protocols: the receiver answered a status that is not a success'],
  ])('says %i as %s', (status, text) => expect(describeAnswer(status)).toBe(text));
});

describe('describeFailure', () => {
  const withCode = (code: string, message: string) => Object.assign(new Error(message), { code });

  it('keeps our own refusals and limits, which quote nothing of the receiver', () => {
    expect(describeFailure(new OutboundBlockedError('10.1.2.3 is a private or reserved address'))).toBe(
      'refused: 10.1.2.3 is a private or reserved address',
    );
    expect(describeFailure(new OutboundLimitError('no answer within 10000 ms'))).toBe('no answer within 10000 ms');
  });

  it('replaces library messages, which may quote the remote side, by a fixed reason for their code', () => {
    const tls = withCode('ERR_TLS_CERT_ALTNAME_INVALID', "Hostname/IP does not match certificate's altnames: DNS:secret.internal");
    expect(describeFailure(tls)).toBe('ERR_TLS_CERT_ALTNAME_INVALID: the TLS handshake failed (certificate not accepted)');
    const parse = withCode('HPE_INVALID_HEADER_TOKEN', 'Parse Error: Invalid header value char "<html>secret"');
    expect(describeFailure(parse)).toBe('HPE_INVALID_HEADER_TOKEN: the answer is not valid HTTP');
    expect(describeFailure(withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:9'))).toBe('ECONNREFUSED: the connection was refused');
    expect(describeFailure(withCode('ESOMETHING', 'anything at all'))).toBe('ESOMETHING: the request failed');
    expect(describeFailure(new Error('no code, any text'))).toBe('the request failed');
  });
});

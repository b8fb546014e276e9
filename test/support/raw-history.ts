import { temporal } from '@temporalio/proto';

/**
 * A workflow history as a client without the codec reads it (what the Temporal server stores and
 * its Web UI shows): the JSON of the history plus every byte field (payload data and metadata)
 * decoded, so that a search of the text finds any string the history holds in clear.
 */
export function rawHistoryText(history: temporal.api.history.v1.IHistory): string {
  const decoded: string[] = [];
  const json = JSON.stringify(history, (key, value) => {
    if (value instanceof Uint8Array) decoded.push(Buffer.from(value).toString('latin1'));
    else if ((key === 'data' || key === 'encoding') && typeof value === 'string')
      decoded.push(Buffer.from(value, 'base64').toString('latin1'));
    return value;
  });
  return `${json}\n${decoded.join('\n')}`;
}

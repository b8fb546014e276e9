import * as fs from 'node:fs';

/**
 * ARTIFACTS_GROUP: the group (a name from /etc/group, or a numeric id) that may read the local
 * artifacts beside their owner, e.g. a backup agent's; unset, only the owner can. Undefined when unset.
 */
export function parseArtifactsGroup(value: string | undefined, groupFile = '/etc/group'): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const name = value.trim();
  if (/^\d+$/.test(name)) return Number(name);
  const line = fs
    .readFileSync(groupFile, 'utf8')
    .split('\n')
    .find((l) => l.split(':')[0] === name);
  const id = line?.split(':')[2];
  if (id === undefined || !/^\d+$/.test(id)) throw new Error(`ARTIFACTS_GROUP: no group named "${name}" in ${groupFile}`);
  return Number(id);
}

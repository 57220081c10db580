import { sha256Hex } from './sha256Hex.ts';

/** Characters of the readable part of a label; the rest of the 63 is the hash and its dash. */
const PREFIX_LENGTH = 40;
/** Hex digits of SHA-256 in a label: 52 bits, so that no two ids share a site by chance. */
const HASH_LENGTH = 13;

/**
 * The DNS label of a module's own site: a readable prefix of its id (lower case,
 * every run of other characters one dash) and a hash of the exact id, e.g.
 * `de-example-tool-raid-1f3a9c0b2d4e5`. Ids that differ only in case, in
 * punctuation or after the prefix still differ in the hash; the label is at most
 * 54 characters, never holds `--` (so never an `xn--` punycode label the URL
 * parser would refuse) and never starts or ends with a dash.
 */
export function moduleSiteLabel(id: string): string {
  const readable = id
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, PREFIX_LENGTH)
    .replace(/^-+|-+$/g, '');
  return `${readable || 'module'}-${sha256Hex(id).slice(0, HASH_LENGTH)}`;
}

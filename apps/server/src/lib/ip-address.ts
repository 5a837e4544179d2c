/**
 * The eight groups of an IPv6 address in the URL standard's normal form (lowercase, no leading zeros, an IPv4 tail
 * written as two groups); undefined for anything that is not an IPv6 address.
 */
export function ipv6Groups(ip: string): string[] | undefined {
  if (!ip.includes(':')) return undefined;
  try {
    const [head = '', tail] = new URL(`http://[${ip}]`).hostname.slice(1, -1).split('::');
    const split = (part: string) => (part ? part.split(':') : []);
    const zeros = tail === undefined ? [] : Array<string>(8 - split(head).length - split(tail).length).fill('0');
    return [...split(head), ...zeros, ...split(tail ?? '')];
  } catch {
    return undefined;
  }
}

/**
 * The downloads' host parser (src/downloads/shims/url.ts) against whatwg-url's whole URL
 * parser, the reference it was ported from: the same hostname, or the same failure, for
 * every host of the codec's tests and for generated ones. Only hosts the codec can hand it
 * (no space, control, `/`, `\`, `?`, `#` or `@`) are tried.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
// @ts-expect-error whatwg-url's internals have no types
import { basicURLParse, serializeHost } from 'whatwg-url/lib/url-state-machine.js';
import { URL as ShimURL } from '../../../src/downloads/shims/url.ts';
import { allTestUrls, TRICKY_HOSTS } from './support.ts';

const handedOver = (host: string) => !/[\x00-\x20\x7f\\/?#@]/.test(host);

function reference(host: string): string | null {
  const url = basicURLParse(`http://${host}/`) as { host: unknown } | null;
  return url === null ? null : serializeHost(url.host);
}

function shim(host: string): string | null {
  try {
    return new ShimURL(`http://${host}/`).hostname;
  } catch {
    return null;
  }
}

describe("the downloads' host parser", () => {
  it('gives whatwg-url’s hostname, or fails where it fails, for every host of the codec’s tests', () => {
    const hosts = new Set<string>();
    for (const url of [...allTestUrls(), ...TRICKY_HOSTS]) {
      const authority = /^(?:[a-z][a-z0-9+.-]*:)?\/\/(?:[^/?#@]*@)?([^/?#]*)/i.exec(url)?.[1];
      if (authority !== undefined && authority !== '') hosts.add(authority);
    }
    const tried = [...hosts].filter(handedOver);
    expect(tried.length).toBeGreaterThan(300);
    expect(tried.filter((host) => shim(host) !== reference(host))).toEqual([]);
    // Both answers occur, or agreement would prove little.
    expect(tried.filter((host) => reference(host) === null).length).toBeGreaterThan(50);
    expect(tried.filter((host) => reference(host) !== null).length).toBeGreaterThan(200);
  });

  it('agrees on generated hosts: names, escapes, IPv4 in every base, IPv6, ports, IDNA', () => {
    const piece = fc.oneof(
      fc.constantFrom(
        'a',
        'B',
        'xn--',
        'xn--zca',
        '-',
        '.',
        '..',
        '0',
        '1',
        '09',
        '0x',
        '0X1f',
        '255',
        '256',
        '4294967295',
        '%',
        '%2e',
        '%41',
        '%C3%A9',
        '%zz',
      ),
      fc.constantFrom(
        'ß',
        'ς',
        'é',
        'Ж',
        'ａ',
        '。',
        '\u200c',
        '\u200d',
        '\u094d',
        '\u05d0',
        '\u0627',
        '\u0661',
        '\u0300',
        '\u00ad',
        '\ufeff',
        '😀',
        '\ud800',
        '[',
        ']',
        ':',
        '::',
        '[::',
        ':8080',
        '^',
        '|',
        '<',
        '%00',
        '%7F',
      ),
      fc.stringMatching(/^[0-9a-f:.]{1,12}$/),
    );
    const hosts = fc.array(piece, { minLength: 1, maxLength: 8 }).map((p) => p.join(''));
    fc.assert(
      fc.property(hosts, (host) => {
        fc.pre(handedOver(host));
        expect(shim(host)).toBe(reference(host));
      }),
      { numRuns: 20_000, seed: 29 },
    );
  });
});

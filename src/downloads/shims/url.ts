/**
 * The platform `URL`, as far as the codec reads it, for engines that have none (BigQuery and
 * Snowflake JavaScript UDFs) or whose parser differs by version (Node 18 and later): the
 * codec hands `URL` a `http://<host>/` and reads back `hostname`, to get IDNA (punycode),
 * IPv4 and IPv6 hosts in canonical form. whatwg-url (with tr46 for IDNA) implements the
 * WHATWG URL Standard that browsers and Node follow, in plain JavaScript.
 * tests/unit/downloads/udf.test.ts checks that the bundles agree with the codec run on
 * Node's own `URL` for every URL of the codec's tests.
 * https://url.spec.whatwg.org/#dom-url-hostname
 */
import { basicURLParse, serializeHost } from 'whatwg-url/lib/url-state-machine.js';

export class URL {
  readonly hostname: string;

  constructor(input: string) {
    const url = basicURLParse(String(input));
    // `new URL` throws a TypeError on input the URL parser rejects; the codec catches it.
    if (url === null) throw new TypeError('Invalid URL');
    this.hostname = url.host === null ? '' : serializeHost(url.host);
  }
}

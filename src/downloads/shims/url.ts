/**
 * The platform `URL`, as far as the codec reads it, for engines that have none (BigQuery and
 * Snowflake JavaScript UDFs) or whose parser differs by version (Node 18 and later): the
 * codec hands `URL` a `http://<host>/` and reads back `hostname`, to get IDNA (punycode),
 * IPv4 and IPv6 hosts in canonical form. This is the WHATWG URL Standard's host parser and
 * serializer alone, as whatwg-url 17 writes them (the codec's reference in these bundles
 * until this port; its whole parser cost the UDF script 23 KB), with tr46 for IDNA.
 * tests/unit/downloads/url-shim.test.ts checks it against whatwg-url on every host of the
 * codec's tests and on generated ones; tests/unit/downloads/udf.test.ts checks the bundles
 * against the codec run on Node's own `URL`.
 * https://url.spec.whatwg.org/#host-parsing
 */
import { toASCII } from 'tr46';
import { utf8String } from '../../codec/bytes.ts';
import { utf8Bytes } from '../../codec/utf8.ts';

export class URL {
  readonly hostname: string;

  /** Only `http://<host>/` and `http://<host>:<port>/`, with no characters the codec keeps from `URL`. */
  constructor(input: string) {
    const match = /^http:\/\/([^/]*)\/$/.exec(String(input));
    const hostname = match ? hostOfAuthority(match[1]!) : null;
    // `new URL` throws a TypeError on input the URL parser rejects; the codec catches it.
    if (hostname === null) throw new TypeError('Invalid URL');
    this.hostname = hostname;
  }
}

/**
 * The serialized host of a special URL's authority without userinfo: the parser's host
 * state, which ends the host at a `:` outside brackets, then its port state.
 * https://url.spec.whatwg.org/#host-state
 */
function hostOfAuthority(authority: string): string | null {
  let insideBrackets = false;
  let end = authority.length;
  for (let i = 0; i < authority.length; i++) {
    const c = authority[i];
    if (c === '[') insideBrackets = true;
    else if (c === ']') insideBrackets = false;
    else if (c === ':' && !insideBrackets) {
      end = i;
      break;
    }
  }
  if (end === 0) return null;
  if (end < authority.length) {
    const port = authority.slice(end + 1);
    if (!/^[0-9]*$/.test(port) || (port !== '' && Number(port) > 65535)) return null;
  }
  const host = parseHost(authority.slice(0, end));
  return host === null
    ? null
    : typeof host === 'number'
      ? serializeIPv4(host)
      : Array.isArray(host)
        ? `[${serializeIPv6(host)}]`
        : host;
}

/** https://url.spec.whatwg.org/#concept-host-parser, for a special (not opaque) host. */
function parseHost(input: string): string | number | number[] | null {
  if (input[0] === '[') return input[input.length - 1] === ']' ? parseIPv6(input.slice(1, -1)) : null;
  const domain = utf8DecodeWithoutBom(percentDecode(input));
  // https://url.spec.whatwg.org/#concept-domain-to-ascii: an ASCII domain is only lowercased.
  const ascii = /[^\x00-\x7f]/.test(domain)
    ? toASCII(domain, {
        checkHyphens: false,
        checkBidi: true,
        checkJoiners: true,
        useSTD3ASCIIRules: false,
        transitionalProcessing: false,
        verifyDNSLength: false,
        ignoreInvalidPunycode: false,
      })
    : domain.toLowerCase();
  if (ascii === null || ascii === '' || FORBIDDEN_DOMAIN.test(ascii)) return null;
  return endsInANumber(ascii) ? parseIPv4(ascii) : ascii;
}

/** https://url.spec.whatwg.org/#forbidden-domain-code-point */
const FORBIDDEN_DOMAIN = /[\x00-\x20#%/:<>?@[\\\]^|\x7f]/;

/** https://url.spec.whatwg.org/#string-percent-decode: the UTF-8 bytes, escapes decoded. */
function percentDecode(input: string): number[] {
  const bytes: number[] = [];
  for (const ch of input) {
    bytes.push(...utf8Bytes(ch.length === 1 && ch >= '\ud800' && ch <= '\udfff' ? 0xfffd : ch.codePointAt(0)!));
  }
  const out: number[] = [];
  for (let i = 0; i < bytes.length; i++) {
    const hex = bytes[i] === 0x25 ? String.fromCharCode(bytes[i + 1] ?? 0, bytes[i + 2] ?? 0) : '';
    if (/^[0-9a-f]{2}$/i.test(hex)) {
      out.push(parseInt(hex, 16));
      i += 2;
    } else {
      out.push(bytes[i]!);
    }
  }
  return out;
}

function utf8DecodeWithoutBom(bytes: number[]): string {
  return utf8String(Uint8Array.from(bytes), bytes.length);
}

/** https://url.spec.whatwg.org/#ends-in-a-number-checker */
function endsInANumber(input: string): boolean {
  const parts = input.split('.');
  if (parts[parts.length - 1] === '') {
    if (parts.length === 1) return false;
    parts.pop();
  }
  const last = parts[parts.length - 1]!;
  return /^[0-9]+$/.test(last) || parseIPv4Number(last) !== null;
}

/** https://url.spec.whatwg.org/#ipv4-number-parser */
function parseIPv4Number(input: string): number | null {
  if (input === '') return null;
  let radix = 10;
  if (input.length >= 2 && input[0] === '0' && (input[1] === 'x' || input[1] === 'X')) {
    input = input.slice(2);
    radix = 16;
  } else if (input.length >= 2 && input[0] === '0') {
    input = input.slice(1);
    radix = 8;
  }
  if (input === '') return 0;
  const digits = radix === 10 ? /^[0-9]+$/ : radix === 16 ? /^[0-9a-f]+$/i : /^[0-7]+$/;
  return digits.test(input) ? parseInt(input, radix) : null;
}

/** https://url.spec.whatwg.org/#concept-ipv4-parser */
function parseIPv4(input: string): number | null {
  const parts = input.split('.');
  if (parts[parts.length - 1] === '' && parts.length > 1) parts.pop();
  if (parts.length > 4) return null;
  const numbers: number[] = [];
  for (const part of parts) {
    const n = parseIPv4Number(part);
    if (n === null) return null;
    numbers.push(n);
  }
  for (let i = 0; i < numbers.length - 1; i++) if (numbers[i]! > 255) return null;
  if (numbers[numbers.length - 1]! >= 256 ** (5 - numbers.length)) return null;
  let ipv4 = numbers.pop()!;
  for (const [i, n] of numbers.entries()) ipv4 += n * 256 ** (3 - i);
  return ipv4;
}

/** https://url.spec.whatwg.org/#concept-ipv4-serializer */
function serializeIPv4(address: number): string {
  const parts: number[] = [];
  for (let i = 0; i < 4; i++) {
    parts.unshift(address % 256);
    address = Math.floor(address / 256);
  }
  return parts.join('.');
}

const isHex = (c: string | undefined) => c !== undefined && /^[0-9a-f]$/i.test(c);
const isDigit = (c: string | undefined) => c !== undefined && c >= '0' && c <= '9';

/** https://url.spec.whatwg.org/#concept-ipv6-parser */
function parseIPv6(text: string): number[] | null {
  const address = [0, 0, 0, 0, 0, 0, 0, 0];
  const input = Array.from(text);
  let pieceIndex = 0;
  let compress: number | null = null;
  let pointer = 0;
  if (input[0] === ':') {
    if (input[1] !== ':') return null;
    pointer = 2;
    compress = ++pieceIndex;
  }
  while (pointer < input.length) {
    if (pieceIndex === 8) return null;
    if (input[pointer] === ':') {
      if (compress !== null) return null;
      pointer++;
      compress = ++pieceIndex;
      continue;
    }
    let value = 0;
    let length = 0;
    while (length < 4 && isHex(input[pointer])) {
      value = value * 16 + parseInt(input[pointer]!, 16);
      pointer++;
      length++;
    }
    if (input[pointer] === '.') {
      if (length === 0) return null;
      pointer -= length;
      if (pieceIndex > 6) return null;
      let numbersSeen = 0;
      while (pointer < input.length) {
        let piece: number | null = null;
        if (numbersSeen > 0) {
          if (input[pointer] === '.' && numbersSeen < 4) pointer++;
          else return null;
        }
        if (!isDigit(input[pointer])) return null;
        while (isDigit(input[pointer])) {
          const digit = Number(input[pointer]);
          if (piece === null) piece = digit;
          else if (piece === 0) return null;
          else piece = piece * 10 + digit;
          if (piece > 255) return null;
          pointer++;
        }
        address[pieceIndex] = address[pieceIndex]! * 0x100 + piece!;
        numbersSeen++;
        if (numbersSeen === 2 || numbersSeen === 4) pieceIndex++;
      }
      if (numbersSeen !== 4) return null;
      break;
    } else if (input[pointer] === ':') {
      pointer++;
      if (pointer >= input.length) return null;
    } else if (pointer < input.length) {
      return null;
    }
    address[pieceIndex++] = value;
  }
  if (compress !== null) {
    let swaps = pieceIndex - compress;
    pieceIndex = 7;
    while (pieceIndex !== 0 && swaps > 0) {
      const temp = address[compress + swaps - 1]!;
      address[compress + swaps - 1] = address[pieceIndex]!;
      address[pieceIndex] = temp;
      pieceIndex--;
      swaps--;
    }
  } else if (pieceIndex !== 8) {
    return null;
  }
  return address;
}

/** https://url.spec.whatwg.org/#concept-ipv6-serializer */
function serializeIPv6(address: number[]): string {
  // The first longest run of two or more zero pieces is written as `::`.
  let compress = -1;
  let longest = 1;
  for (let i = 0; i < 8; ) {
    let j = i;
    while (j < 8 && address[j] === 0) j++;
    if (j - i > longest) {
      compress = i;
      longest = j - i;
    }
    i = j === i ? i + 1 : j;
  }
  let output = '';
  for (let i = 0; i < 8; i++) {
    if (i === compress) {
      output += i === 0 ? '::' : ':';
      i += longest - 1;
      continue;
    }
    output += address[i]!.toString(16);
    if (i !== 7) output += ':';
  }
  return output;
}

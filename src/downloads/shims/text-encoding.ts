/**
 * `TextEncoder` and `TextDecoder` for engines that have none (the JavaScript UDF runtimes of
 * BigQuery and Snowflake), for UTF-8 only: the codec reads and writes URLs as UTF-8, and the
 * legacy charsets it can also decode are for the Decode widget, which no download runs. A
 * decoder asked for another encoding throws the `RangeError` a browser throws for a label it
 * does not know, which the codec already handles. A full Encoding Standard implementation
 * (with its single-byte tables) cost the UDF script 25 KB. The build imports these in place
 * of the globals in the codec's modules (src/downloads/build.ts).
 * https://encoding.spec.whatwg.org/#interface-textencoder
 */
import { readUtf8 } from '../../codec/utf8.ts';

export class TextEncoder {
  readonly encoding = 'utf-8';

  encode(input = ''): Uint8Array {
    const bytes = new Uint8Array(input.length * 3);
    return bytes.slice(0, this.encodeInto(input, bytes).written);
  }

  /**
   * Writes straight into the destination, as the platform's does: the codec calls it for
   * every URL, with one byte per character to learn whether the URL is ASCII.
   * https://encoding.spec.whatwg.org/#dom-textencoder-encodeinto
   */
  encodeInto(source: string, destination: Uint8Array): { read: number; written: number } {
    const n = source.length;
    const room = destination.length;
    let read = 0;
    let written = 0;
    while (read < n) {
      let c = source.charCodeAt(read);
      if (c < 0x80) {
        if (written === room) break;
        destination[written++] = c;
        read++;
        continue;
      }
      let units = 1;
      if (c >= 0xd800 && c <= 0xdfff) {
        // A surrogate pair is one code point; a lone surrogate is written as U+FFFD.
        const next = c <= 0xdbff && read + 1 < n ? source.charCodeAt(read + 1) : 0;
        if (next >= 0xdc00 && next <= 0xdfff) {
          c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
          units = 2;
        } else {
          c = 0xfffd;
        }
      }
      const size = c < 0x800 ? 2 : c < 0x10000 ? 3 : 4;
      if (written + size > room) break;
      if (size === 2) {
        destination[written++] = 0xc0 | (c >> 6);
      } else if (size === 3) {
        destination[written++] = 0xe0 | (c >> 12);
        destination[written++] = 0x80 | ((c >> 6) & 0x3f);
      } else {
        destination[written++] = 0xf0 | (c >> 18);
        destination[written++] = 0x80 | ((c >> 12) & 0x3f);
        destination[written++] = 0x80 | ((c >> 6) & 0x3f);
      }
      destination[written++] = 0x80 | (c & 0x3f);
      read += units;
    }
    return { read, written };
  }
}

/** The Encoding Standard's labels of UTF-8. https://encoding.spec.whatwg.org/#names-and-labels */
const UTF8_LABELS =
  /^[\t\n\f\r ]*(?:utf-?8|unicode-1-1-utf-8|unicode11utf8|unicode20utf8|x-unicode20utf8)[\t\n\f\r ]*$/i;

export class TextDecoder {
  readonly encoding = 'utf-8';
  readonly fatal: boolean;
  readonly ignoreBOM: boolean;

  constructor(label = 'utf-8', options: { fatal?: boolean; ignoreBOM?: boolean } = {}) {
    if (!UTF8_LABELS.test(label)) throw new RangeError(`The encoding "${label}" is not supported here`);
    this.fatal = Boolean(options.fatal);
    this.ignoreBOM = Boolean(options.ignoreBOM);
  }

  /**
   * The whole of `input` as text; invalid bytes become U+FFFD, one per maximal subpart, or
   * throw a `TypeError` when `fatal`. No streaming: the codec always decodes whole values.
   * https://encoding.spec.whatwg.org/#utf-8-decoder
   */
  decode(input?: ArrayBufferView | ArrayBuffer): string {
    const bytes =
      input === undefined
        ? new Uint8Array(0)
        : ArrayBuffer.isView(input)
          ? new Uint8Array(input.buffer, input.byteOffset, input.byteLength)
          : new Uint8Array(input);
    const end = bytes.length;
    let i = !this.ignoreBOM && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
    let out = '';
    const units: number[] = [];
    while (i < end) {
      const read = readUtf8(bytes, i, end);
      if (read < 0) {
        if (this.fatal) throw new TypeError('The encoded data was not valid UTF-8');
        units.push(0xfffd);
        i -= read;
      } else {
        const c = read & 0x1fffff;
        if (c < 0x10000) units.push(c);
        else units.push(0xd7c0 + (c >> 10), 0xdc00 | (c & 0x3ff));
        i += read >>> 21;
      }
      // Strings are built a piece at a time: an argument list has a length limit.
      if (units.length >= 8192) {
        out += String.fromCharCode.apply(null, units);
        units.length = 0;
      }
    }
    return out + String.fromCharCode.apply(null, units);
  }
}

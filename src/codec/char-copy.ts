/**
 * The copy behind `charBytes` (char-bytes.ts), as browsers and every other runtime run it:
 * one loop over the text's UTF-16 code units. Node resolves `#codec/char-copy` to
 * char-copy.node.ts instead (package.json `imports`, `node` condition), which holds no rule
 * either: it only copies faster there.
 *
 * Why a loop in browsers: Chromium's `TextEncoder.encodeInto` crosses into the browser's own
 * code once per call, a cost paid per URL. Grouping 100,000 lines in a Chromium worker took
 * 218–242 ms with it and 130–177 ms with this loop (`npm run bench`, the same lines).
 */

/** The byte that stands for any character outside ASCII. */
export const NON_ASCII = 0x80;

/**
 * Writes the characters of `text` to `bytes[0, text.length)`: each ASCII character as its
 * code, every other code unit as {@link NON_ASCII}. True when all were ASCII.
 */
export function copyChars(text: string, bytes: Uint8Array): boolean {
  let ascii = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) bytes[i] = c;
    else {
      bytes[i] = NON_ASCII;
      ascii = false;
    }
  }
  return ascii;
}

/**
 * The copy behind `charBytes` as Node runs it (package.json `imports`, `node` condition; every
 * other runtime takes char-copy.ts): ASCII text, nearly every analytics URL, in one native
 * `TextEncoder.encodeInto` call, which Node answers without leaving compiled code (~250 ns
 * per URL less than the loop); any other text by the loop.
 */
import { copyChars as copyByLoop } from './char-copy.ts';

let encoder: TextEncoder | undefined;

/** As char-copy.ts's `copyChars`: `text` to `bytes[0, text.length)`, true when all ASCII. */
export function copyChars(text: string, bytes: Uint8Array): boolean {
  const n = text.length;
  // Every character takes at least one byte, so `n` bytes for `n` characters means all are ASCII.
  const { read, written } = (encoder ??= new TextEncoder()).encodeInto(text, bytes.subarray(0, n));
  return (read === n && written === n) || copyByLoop(text, bytes);
}

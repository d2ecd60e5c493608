/**
 * The charsets Encode and Decode offer, grouped for `<optgroup>`s: the common ones first,
 * then every other encoding of the WHATWG Encoding Standard by script. Values are canonical
 * WHATWG names, so a share link names the same option in every locale. Build only: the
 * browser reads the chosen option's value.
 * https://encoding.spec.whatwg.org/#names-and-labels
 */
export const CHARSET_GROUPS: readonly { key: string; names: readonly string[] }[] = [
  {
    key: 'common',
    names: ['utf-8', 'windows-1251', 'koi8-u', 'iso-8859-5', 'windows-874', 'windows-1252', 'shift_jis', 'gbk'],
  },
  { key: 'cyrillic', names: ['koi8-r', 'ibm866', 'x-mac-cyrillic'] },
  {
    key: 'latin',
    names: [
      'windows-1250',
      'iso-8859-2',
      'iso-8859-3',
      'iso-8859-4',
      'iso-8859-10',
      'iso-8859-13',
      'iso-8859-14',
      'iso-8859-15',
      'iso-8859-16',
      'windows-1254',
      'windows-1257',
      'macintosh',
    ],
  },
  {
    key: 'middleEast',
    names: ['iso-8859-7', 'windows-1253', 'iso-8859-8', 'iso-8859-8-i', 'windows-1255', 'iso-8859-6', 'windows-1256'],
  },
  { key: 'asian', names: ['gb18030', 'big5', 'euc-jp', 'iso-2022-jp', 'euc-kr', 'windows-1258'] },
  { key: 'unicode', names: ['utf-16le', 'utf-16be'] },
];

/** Every name offered, for checking a prop. */
export const CHARSET_NAMES: readonly string[] = CHARSET_GROUPS.flatMap((g) => g.names);

/** The message key of a common charset's descriptive label; the others show their name. */
export const CHARSET_LABELS: Readonly<Record<string, string>> = {
  'utf-8': 'widgets.decode.charsetUtf8',
  'windows-1251': 'widgets.decode.charsetWindows1251',
  'koi8-u': 'widgets.decode.charsetKoi8u',
  'iso-8859-5': 'widgets.decode.charsetIso88595',
  'windows-874': 'widgets.decode.charsetWindows874',
  'windows-1252': 'widgets.decode.charsetWindows1252',
  shift_jis: 'widgets.charsets.shiftJis',
  gbk: 'widgets.charsets.gbk',
};

/** The one function of tr46 (UTS #46 processing) that the URL shim uses (the package has no types). */
declare module 'tr46' {
  /** The domain's ASCII form, or `null` when UTS #46 processing fails. https://www.unicode.org/reports/tr46/#ToASCII */
  export function toASCII(
    domainName: string,
    options: {
      checkHyphens: boolean;
      checkBidi: boolean;
      checkJoiners: boolean;
      useSTD3ASCIIRules: boolean;
      transitionalProcessing: boolean;
      verifyDNSLength: boolean;
      ignoreInvalidPunycode: boolean;
    },
  ): string | null;
}

// A snippet's source as a person reads it: a report is read in a browser, a
// terminal, an issue form, where a control character, a format character or
// an unusual space is invisible (Firefox's DOMException message "\u0080"
// showed as `""` in its report) and a line separator breaks the line. The
// literals of a snippet come from JSON.stringify (emitPlain, snippet-check.js),
// which escapes only C0 controls, `"`, `\` and lone surrogates, so the
// snippet generators pass their finished source through `visibleSource`.

/**
 * The code points a source shows escaped: controls (but the newline and the
 * tab that lay the source out), format characters (zero-width spaces and
 * joiners, bidirectional marks, the BOM, the soft hyphen), every space but
 * U+0020, the line and paragraph separators, private-use, surrogate and
 * unassigned code points.
 */
const INVISIBLE = /[^\P{Cc}\n\t]|[^\P{Zs} ]|[\p{Cf}\p{Zl}\p{Zp}\p{Co}\p{Cs}\p{Cn}]/gu;

/**
 * Each invisible code point as `\uXXXX` (`\u{XXXXX}` beyond the BMP). A
 * snippet has such a code point only inside a string literal, a template, a
 * comment or an identifier (a key emitPlain writes as one), and the escape
 * means that same code point in each; JSON.stringify never writes a raw one
 * after a backslash, which would make the escape a backslash and text.
 * @param {string} source
 * @returns {string}
 */
export function visibleSource(source) {
  return source.replace(INVISIBLE, (char) => {
    const code = /** @type {number} */ (char.codePointAt(0));
    return code > 0xffff ? `\\u{${code.toString(16).toUpperCase()}}` : `\\u${code.toString(16).toUpperCase().padStart(4, '0')}`;
  });
}

// Whitespace, format characters (zero-width space, ZWJ/ZWNJ, BOM, soft hyphen, bidi marks) and the other
// default-ignorable code points (Hangul fillers, variation selectors), plus the braille blank: a text of
// these alone looks empty on every page that shows it. (Its own module: story and tagging schemas both use it.)
const INVISIBLE = /[\p{White_Space}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/gu;
/** True when nothing would show once invisible characters are removed. */
export const isBlankText = (text: string) => text.replace(INVISIBLE, "") === "";

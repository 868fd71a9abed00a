import 'flag-icons/css/flag-icons.min.css';

/** Codes whose flag-icons file goes by its territory's parent (Ascension and Tristan da Cunha). */
const FLAG_FILE: Readonly<Record<string, string>> = { AC: 'sh-ac', TA: 'sh-ta' };

/**
 * A country's flag as an image (flag-icons' SVGs, each fetched when first shown): the emoji
 * flags the API also sends draw as two letters in a box on Linux and Windows browsers.
 */
export function Flag({ code }: { code: string }) {
  const file = FLAG_FILE[code] ?? code.toLowerCase();
  return <span className={`fi fi-${file}`} role="img" aria-label={code} data-flag={code} style={{ borderRadius: 2, flex: 'none' }} />;
}

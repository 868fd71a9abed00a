/** Demo pictures: small SVG product cards and text logos, stored through the storage driver. */

const escape = (text: string) => text.replace(/[<>&"]/g, (ch) => `&#${ch.charCodeAt(0)};`);

function shade(hex: string, amount: number): string {
  const value = parseInt(hex.slice(1), 16);
  const channel = (shift: number) => Math.max(0, Math.min(255, ((value >> shift) & 0xff) + amount));
  return `#${[16, 8, 0].map((shift) => channel(shift).toString(16).padStart(2, '0')).join('')}`;
}

const SHAPES = [
  (c: string) => `<rect x="120" y="110" width="160" height="160" rx="28" fill="${c}"/>`,
  (c: string) => `<circle cx="200" cy="190" r="88" fill="${c}"/>`,
  (c: string) => `<path d="M200 96 L292 270 L108 270 Z" fill="${c}"/>`,
];

/** A 400×400 product picture: the category colour, a shape, the category name. */
export function productPicture(label: string, color: string, variant: number): Buffer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${shade(color, 90)}"/><stop offset="1" stop-color="${shade(color, 30)}"/></linearGradient></defs>
<rect width="400" height="400" fill="url(#g)"/>
${SHAPES[variant % SHAPES.length](shade(color, -20))}
<rect x="0" y="310" width="400" height="90" fill="#ffffff" fill-opacity="0.85"/>
<text x="200" y="368" text-anchor="middle" font-family="sans-serif" font-size="34" fill="${shade(color, -40)}">${escape(label)}</text>
</svg>`;
  return Buffer.from(svg);
}

/** A 240×120 text logo. */
export function textLogo(name: string, color: string): Buffer {
  const size = name.length > 6 ? 26 : 36;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="120" viewBox="0 0 240 120">
<rect width="240" height="120" rx="12" fill="#ffffff"/>
<rect x="4" y="4" width="232" height="112" rx="10" fill="none" stroke="${color}" stroke-width="4"/>
<text x="120" y="${60 + size / 3}" text-anchor="middle" font-family="sans-serif" font-weight="bold" font-size="${size}" fill="${color}">${escape(name)}</text>
</svg>`;
  return Buffer.from(svg);
}

/** A 400×280 document card (licence, ID card, voucher): a title and labelled blank lines. */
export function documentPicture(title: string, labels: readonly string[], color: string): Buffer {
  const rows = labels
    .map((label, index) => {
      const y = 100 + index * 34;
      return `<text x="32" y="${y}" font-family="sans-serif" font-size="16" fill="#555">${escape(label)}</text><line x1="150" y1="${y + 4}" x2="368" y2="${y + 4}" stroke="#ccc" stroke-width="2"/>`;
    })
    .join('\n');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="280" viewBox="0 0 400 280">
<rect width="400" height="280" rx="10" fill="#fffdf6"/>
<rect x="6" y="6" width="388" height="268" rx="8" fill="none" stroke="${color}" stroke-width="3"/>
<text x="200" y="54" text-anchor="middle" font-family="sans-serif" font-weight="bold" font-size="26" fill="${color}">${escape(title)}</text>
${rows}
<text x="368" y="262" text-anchor="end" font-family="sans-serif" font-size="12" fill="#999">演示数据</text>
</svg>`;
  return Buffer.from(svg);
}

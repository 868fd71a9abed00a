// What the login page downloads, as a browser on a first visit: `node e2e/tools/login-weight.mjs [base URL]`
// (a running console; V=1 lists every response). Sizes are the encoded bodies, what crossed the wire.
import { chromium } from 'playwright-core';
const base = process.argv[2] ?? 'http://localhost:3000';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const page = await browser.newPage();
const client = await page.context().newCDPSession(page);
await client.send('Network.enable');
const sizes = new Map();
const urls = new Map();
client.on('Network.responseReceived', (e) => urls.set(e.requestId, { url: e.response.url, enc: e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'], cache: e.response.headers['cache-control'] ?? e.response.headers['Cache-Control'] }));
client.on('Network.loadingFinished', (e) => sizes.set(e.requestId, e.encodedDataLength));
await page.goto(base + '/admin/login', { waitUntil: 'networkidle' });
let js = 0, total = 0, n = 0;
for (const [id, r] of urls) {
  const s = sizes.get(id) ?? 0; total += s;
  if (r.url.endsWith('.js')) { js += s; n++; }
  if (process.env.V) console.log(s, r.enc ?? '-', r.cache ?? '-', r.url.replace(base, ''));
}
console.log(`JS files ${n}, JS on the wire ${(js / 1024).toFixed(1)} KB, everything ${(total / 1024).toFixed(1)} KB`);
await browser.close();

// node e2e/tools/rss-probe.mjs <port> <server pid>: signs in (CAPTCHA_FIXED_CODE=1234), reads a few lists, prints the server RSS
import crypto from 'node:crypto';
const [port, pid] = process.argv.slice(2);
const base = `http://127.0.0.1:${port}/api/`;
const md5 = (s) => crypto.createHash('md5').update(s).digest('hex');
const fs = await import('node:fs');
const rss = () => Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
console.log('rss after start', rss().toFixed(0), 'MB');
await fetch(`${base}base/captchas/LOGIN/rssprobe-0001`);
const login = await (await fetch(`${base}admin/systems/admin-users/login?username=admin&password=${md5('admin123')}&captcha=1234&uuid=rssprobe-0001`)).json();
const h = { Authorization: login.access_token ?? '' };
for (const p of ['admin/trade/orders?page_no=1&page_size=20', 'admin/goods?page_no=1&page_size=20', 'admin/members?page_no=1&page_size=20', 'admin/index/page', 'admin/trade/orders?page_no=50&page_size=20&keyword=%E7%8E%8B']) {
  for (let i = 0; i < 5; i++) await fetch(base + p, { headers: h });
}
console.log('rss after lists', rss().toFixed(0), 'MB', login.access_token ? 'signed in' : JSON.stringify(login).slice(0, 100));

import crypto from 'node:crypto';
const base = 'http://localhost:3999';
const uuid = crypto.randomUUID();
await fetch(`${base}/api/base/captchas/LOGIN/${uuid}`);
const pw = crypto.createHash('md5').update('admin123').digest('hex');
const r = await fetch(`${base}/api/admin/systems/admin-users/login?${new URLSearchParams({ username: 'admin', password: pw, captcha: '1234', uuid })}`);
const { access_token } = await r.json();
for (const q of ['resource_name=' + encodeURIComponent('直传abc123'), '']) {
  const res = await fetch(`${base}/api/seller/shops/resource?group_type=IMAGE&page_size=15&${q}`, { headers: { authorization: access_token, uuid } });
  console.log(q, res.status, (await res.text()).slice(0, 400));
}

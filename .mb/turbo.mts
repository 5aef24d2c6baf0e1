import fs from 'node:fs';
import { decode } from 'turbo-stream';
import { plainTurboText } from '../server/turbo-encode';
const html = fs.readFileSync('/tmp/dump/postgres-page-_org_applications_page_2.html', 'utf8');
const m = /streamController\.enqueue\(("(?:[^"\\]|\\.)*")\)/.exec(html)!;
const text = JSON.parse(m[1]!);
const d = await decode(new Response(text).body!); await d.done;
const data = d.value;
if (plainTurboText(data) !== text) console.log('MISMATCH');
const N = 100000;
function time(name: string, f: () => unknown) { for (let i = 0; i < 10000; i++) f(); const t = performance.now(); for (let i = 0; i < N; i++) f(); console.log(name, ((performance.now() - t) * 1000 / N).toFixed(2), 'µs'); }
time('plainTurboText', () => plainTurboText(data));
time('JSON.stringify', () => JSON.stringify(data));
// pieces
const strings: string[] = []; const objs: object[] = [];
(function collect(v: any) { if (typeof v === 'string') strings.push(v); else if (v && typeof v === 'object') { objs.push(v); for (const k of Object.keys(v)) { strings.push(k); collect(v[k]); } } })(data);
console.log('strings', strings.length, 'objects', objs.length);
time('JSON.stringify each string', () => { let n = 0; for (const s of strings) n += JSON.stringify(s).length; return n; });
time('getOwnPropertySymbols each object', () => { let n = 0; for (const o of objs) n += Object.getOwnPropertySymbols(o).length; return n; });
time('Map get+set all', () => { const m = new Map(); let i = 0; for (const s of strings) { if (!m.get(s)) m.set(s, ++i); } for (const o of objs) { if (!m.get(o)) m.set(o, ++i); } return m.size; });
time('Object.keys each', () => { let n = 0; for (const o of objs) n += Object.keys(o).length; return n; });
const SAFE = /^[^"\\\u0000-\u001f\ud800-\udfff]*$/;
const quote = (s: string) => (SAFE.test(s) ? `"${s}"` : JSON.stringify(s));
time('regex quote each string', () => { let n = 0; for (const s of strings) n += quote(s).length; return n; });
const UNSAFE = /["\\\u0000-\u001f\ud800-\udfff]/;
const quote2 = (s: string) => (UNSAFE.test(s) ? JSON.stringify(s) : '"' + s + '"');
time('regex2 quote each string', () => { let n = 0; for (const s of strings) n += quote2(s).length; return n; });
let ok = true; for (const s of [...strings, 'a"b', 'x\\y', '\u0001', '\ud83d\ude80', '\ud800', 'é', '\u2028']) if (quote2(s) !== JSON.stringify(s)) { ok = false; console.log('diff', s); }
console.log('quote2 same', ok);

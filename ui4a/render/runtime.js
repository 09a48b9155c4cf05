// UI4A standalone runtime (ui4a/render/runtime.js), written for UI4A and shipped as it is,
// less its comments and indentation. It evaluates the expression language with the semantics
// of ui4a/lang/expr.py and keeps the page in step with its state, as the live app does.
// It fetches nothing, never runs text as code and never parses data as HTML: it reads its
// data with textContent and JSON.parse, and changes the page through textContent,
// setAttribute, form control properties and clones of the page's own <template> elements.
// Python types: None null, bool boolean, int BigInt, float Number, str string, list Array,
// dict Map.
(() => {
'use strict';
const MS = 16384, TD = 224, MV = 262144, VD = 32, MR = 524288, BIG = 10n ** 18n, HUGE = 10n ** 30n;
// A refusal: the offset of the node that refused and the message.
class R { constructor(p, m) { this.p = p; this.m = m; } }
// Oversize, as ui4a/lang/budget.py raises it.
class O { constructor(m) { this.m = m; } }
const no = (p, m) => { throw new R(p, m); };
// The state being read, the budget being charged, the depth of the tree being evaluated.
let S, B, D = 0;

// ---- values
const isI = v => typeof v == 'bigint', isF = v => typeof v == 'number', isN = v => isI(v) || isF(v);
const isS = v => typeof v == 'string', isL = Array.isArray, isM = v => v instanceof Map;
const tn = v => v === null ? 'null' : typeof v == 'boolean' ? 'boolean' : isN(v) ? 'number' : isS(v) ? 'text' : isL(v) ? 'list' : 'object';
// Text lengths count code points, as Python's len() does.
const cpl = s => { let n = s.length; for (let i = 0; i < s.length - 1; i++) { const c = s.charCodeAt(i); if (c >= 0xD800 && c < 0xDC00) { const d = s.charCodeAt(i + 1); if (d >= 0xDC00 && d < 0xE000) { n--; i++; } } } return n; };
const len = v => isL(v) ? v.length : isM(v) ? v.size : cpl(v);
const cut = (s, n) => cpl(s) <= n ? s : [...s].slice(0, n).join('');
// Python's bool() and the language's truthiness (which also calls NaN false).
const pb = v => !(v === null || v === false || v === 0n || v === 0 || v === '' || (isL(v) || isM(v)) && !len(v));
const tr = v => pb(v) && v === v;
const eq = (a, b) => {
  if (typeof a == 'boolean') a = BigInt(a);
  if (typeof b == 'boolean') b = BigInt(b);
  if (isN(a) && isN(b)) return a == b;
  if (isL(a) && isL(b)) return a.length == b.length && a.every((x, i) => eq(x, b[i]));
  if (isM(a) && isM(b)) return a.size == b.size && [...a].every(([k, x]) => b.has(k) && eq(x, b.get(k)));
  return a === b;
};
// Code point order: UTF-16 units re-ordered so that surrogates sort above U+FFFF.
const cu = u => u >= 0xE000 ? u - 0x800 : u >= 0xD800 ? u + 0x2000 : u;
const scmp = (a, b) => { for (let i = 0; i < a.length && i < b.length; i++) { const x = a.charCodeAt(i), y = b.charCodeAt(i); if (x != y) return cu(x) - cu(y); } return a.length - b.length; };
const cmp = (o, a, b) => { const c = isS(a) ? scmp(a, b) : a < b ? -1 : a > b ? 1 : a == b ? 0 : NaN; return o == '<' ? c < 0 : o == '<=' ? c <= 0 : o == '>' ? c > 0 : c >= 0; };
// min() and max() as Python's: the first of equals, NaN kept only in first place.
const mn = (a, b) => b < a ? b : a, mx = (a, b) => b > a ? b : a;

// ---- numbers as Python writes them
// repr(float): the shortest digits, fixed notation from 1e-4 up to 1e16.
const repr = x => {
  if (x !== x) return 'nan';
  if (!isFinite(x)) return x > 0 ? 'inf' : '-inf';
  if (x == 0) return Object.is(x, -0) ? '-0.0' : '0.0';
  const [m, e] = Math.abs(x).toExponential().split('e'), g = m.replace('.', ''), p = +e + 1;
  let s;
  if (p > -4 && p <= 16) s = p <= 0 ? '0.' + '0'.repeat(-p) + g : p >= g.length ? g + '0'.repeat(p - g.length) + '.0' : g.slice(0, p) + '.' + g.slice(p);
  else s = g[0] + (g.length > 1 ? '.' + g.slice(1) : '') + 'e' + (+e < 0 ? '-' : '+') + String(Math.abs(+e)).padStart(2, '0');
  return (x < 0 ? '-' : '') + s;
};
// |x| with n decimals, correctly rounded, ties to even (toFixed breaks exact ties upwards).
const fx = (a, n) => {
  if (a >= 1e21) return BigInt(a).toString() + (n ? '.' + '0'.repeat(n) : '');
  let s = a.toFixed(n);
  const t = a * 2 ** (n + 1);
  if (Number.isInteger(t) && t % 2 == 1 && +s.slice(-1) % 2) {
    const u = (BigInt(s.replace('.', '')) - 1n).toString().padStart(n + 1, '0');
    s = n ? u.slice(0, -n) + '.' + u.slice(-n) : u;
  }
  return s;
};
// round(float, n) and f"{x:.nf}".
const rnd = (x, n) => !isFinite(x) || x == 0 || Math.abs(x) >= 2 ** 52 ? x : (x < 0 ? -1 : 1) * +fx(Math.abs(x), n);
const fixed = (x, n) => { x = Number(x); return x !== x ? 'nan' : !isFinite(x) ? (x > 0 ? 'inf' : '-inf') : (x < 0 || Object.is(x, -0) ? '-' : '') + fx(Math.abs(x), n); };
// Python's float(text): whitespace, underscores between digits, any script's decimal digits, inf and nan.
const WS = /^[\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+|[\t-\r\x1c-\x20\x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+$/g;
const strip = s => s.replace(WS, '');
const dv = c => { const p = c.codePointAt(0); let s = p; while (/\p{Nd}/u.test(String.fromCodePoint(s - 1))) s--; return String((p - s) % 10); };
const ascii = s => s.replace(/\p{Nd}/gu, dv);
const pf = s => {
  s = ascii(strip(s));
  if (/^[+-]?(\d(_?\d)*(\.(\d(_?\d)*)?)?|\.\d(_?\d)*)([eE][+-]?\d(_?\d)*)?$/.test(s)) return Number(s.replace(/_/g, ''));
  const m = /^([+-]?)(inf|infinity|nan)$/i.exec(s);
  return m ? (m[2].toLowerCase() == 'nan' ? NaN : m[1] == '-' ? -Infinity : Infinity) : null;
};
// int / int, correctly rounded as Python divides.
const bl = n => n.toString(2).length;
const idiv = (a, b) => {
  const A = a < 0n ? -a : a, C = b < 0n ? -b : b, L = 2n ** 53n;
  if (A <= L && C <= L) return Number(a) / Number(b);
  const k = Math.max(0, 55 + bl(C) - bl(A)), N = A << BigInt(k);
  let q = N / C;
  const r = N % C, n = bl(q), sh = Math.max(n - 53, k - 1074), h = 1n << BigInt(sh - 1), w = q & ((h << 1n) - 1n);
  q >>= BigInt(sh);
  if (w > h || w == h && (r || q & 1n)) q++;
  const v = Number(q) * 2 ** (sh - k);
  return (a < 0n) != (b < 0n) ? -v : v;
};

// ---- values as text (ui4a/lang/expr.py to_text) and their sizes (ui4a/lang/budget.py)
const st = v => v === null ? '' : v === true ? 'true' : v === false ? 'false' : isI(v) ? v.toString() : isF(v) ? (Number.isInteger(v) && Math.abs(v) < 1e15 ? String(v) : repr(rnd(v, 10))) : v;
const tx = v => isL(v) ? v.map(tx).join(', ') : isM(v) ? [...v].map(([k, x]) => k + ': ' + tx(x)).join(', ') : st(v);
const kib = n => n % 1048576 ? n / 1024 + ' KiB' : n / 1048576 + ' MiB';
const ss = x => isS(x) ? cpl(x) : x === null ? 0 : typeof x == 'boolean' ? 5 : isI(x) && (x > HUGE || x < -HUGE) ? Math.floor(Math.log10(Math.abs(Number(x)))) + 2 : (isI(x) ? x.toString() : repr(x)).length;
const ts = (v, cap = MV, md = VD) => {
  let t = 0;
  const k = [[v, 0]], big = () => new O(`a value's text grows past ${kib(cap)} (the per-value limit of the render budget)`);
  while (k.length) {
    const [x, d] = k.pop();
    if (isL(x) || isM(x)) {
      if (d >= md) throw new O(`a value nests lists or objects deeper than ${md} levels`);
      t += 2 * Math.max(len(x) - 1, 0) + 1;
      if (isM(x)) for (const y of x.keys()) t += cpl(y) + 2;
      if (t > cap) throw big();
      for (const y of x.values()) k.push([y, d + 1]);
    } else if ((t += ss(x)) > cap) throw big();
  }
  return t;
};
const q = s => "'" + s + "'";
const pv = v => { try { ts(v, 60); } catch (e) { if (e instanceof O) return `(${tn(v)} too long to show)`; throw e; } return tx(v); };

// ---- the evaluator (ui4a/lang/expr.py Evaluator)
const long = p => no(p, `text grows past ${MS} characters (the limit for one string)`);
const BUDGET = `the document expands past ${kib(MR)} of text when rendered (the render budget); show fewer or shorter values`;
const charge = (p, v) => {
  try { B.u += ts(v); } catch (e) { if (e instanceof O) no(p, e.m); throw e; }
  if (B.u > MR) no(p, BUDGET);
};
const made = (p, v) => { if (isS(v) && cpl(v) > MS) long(p); charge(p, v); return v; };
const text = (p, v) => {
  if (isL(v) || isM(v)) try { ts(v, MS); } catch (e) { if (e instanceof O) long(p); throw e; }
  const t = tx(v);
  if (cpl(t) > MS) long(p);
  return t;
};
const num = (p, v, w) => isN(v) ? v : no(p, `${w} needs a number, got ${tn(v)} ${q(pv(v))}`);
const fin = (p, o, v) => (isI(v) ? v > BIG || v < -BIG : !isFinite(v)) ? no(p, `'${o}' gives a number too large to show`) : isI(v) ? v : rnd(v, 12);
const ap = (o, p, l, lp, r, rp) => {
  if (o == '==') return eq(l, r);
  if (o == '!=') return !eq(l, r);
  if (o == '+' && (isS(l) || isS(r))) return made(p, text(p, l) + text(p, r));
  const c = o[0] == '<' || o[0] == '>';
  if (c && isS(l) && isS(r)) return cmp(o, l, r);
  const a = num(lp, l, `'${o}'`), b = num(rp, r, `'${o}'`);
  if (c) return cmp(o, a, b);
  if (isI(a) && isI(b) && o != '/' && o != '%') return fin(p, o, o == '+' ? a + b : o == '-' ? a - b : a * b);
  const x = Number(a), y = Number(b);
  if (o == '+') return fin(p, o, x + y);
  if (o == '-') return fin(p, o, x - y);
  if (o == '*') return fin(p, o, x * y);
  if (b == 0) no(p, `division by zero in '${o}'`);
  return fin(p, o, o == '%' ? x % y : isI(a) && isI(b) ? idiv(a, b) : x / y);
};
const ar = (p, a, lo, hi, f) => { if (a.length < lo || a.length > hi) no(p, `${f}() takes ${lo == hi ? lo : lo + ' to ' + hi} arguments, got ${a.length}`); };
const dig = (p, v, f) => { v = num(p, v, f + '()'); return isI(v) ? Number(v < -1n ? -1n : v > 11n ? 11n : v) : Math.trunc(mx(-1, mn(v, 11))); };
const nums = (p, a, f) => { if (a.length == 1 && isL(a[0])) a = a[0]; if (!a.length) no(p, `${f}() needs at least one number`); return a.map(x => num(p, x, f + '()')); };
const FN = Object.assign(Object.create(null), {
  round: (p, a, f) => {
    ar(p, a, 1, 2, f);
    const d = a.length == 2 ? dig(p, a[1], f) : 0, x = num(p, a[0], 'round()'), v = isI(x) ? x : rnd(x, Math.max(0, Math.min(d, 10)));
    if (d > 0 || isI(v)) return v;
    return isFinite(v) ? BigInt(v) : no(p, 'round() needs a finite number');
  },
  fixed: (p, a, f) => { ar(p, a, 2, 2, f); const d = Math.max(0, Math.min(dig(p, a[1], f), 10)); return fixed(num(p, a[0], 'fixed()'), d); },
  min: (p, a, f) => nums(p, a, f).reduce((m, x) => x < m ? x : m),
  max: (p, a, f) => nums(p, a, f).reduce((m, x) => x > m ? x : m),
  abs: (p, a, f) => { ar(p, a, 1, 1, f); const x = num(p, a[0], 'abs()'); return isI(x) ? (x < 0n ? -x : x) : Math.abs(x); },
  len: (p, a, f) => { ar(p, a, 1, 1, f); const x = a[0]; return isL(x) || isM(x) || isS(x) ? BigInt(len(x)) : no(p, `len() needs text or a list, got ${tn(x)}`); },
  sum: (p, a, f) => {
    ar(p, a, 1, 1, f);
    if (!isL(a[0])) no(p, `sum() needs a list, got ${tn(a[0])}`);
    let t = 0n;
    for (const v of a[0]) { const x = typeof v == 'boolean' ? BigInt(v) : num(p, v, 'sum()'); t = isI(t) && isI(x) ? t + x : Number(t) + Number(x); }
    return fin(p, 'sum()', t);
  },
  upper: (p, a, f) => { ar(p, a, 1, 1, f); return made(p, text(p, a[0]).toUpperCase()); },
  lower: (p, a, f) => { ar(p, a, 1, 1, f); return made(p, text(p, a[0]).toLowerCase()); },
  join: (p, a, f) => {
    ar(p, a, 1, 2, f);
    if (!isL(a[0])) no(p, `join() needs a list, got ${tn(a[0])}`);
    const sep = a.length == 2 ? text(p, a[1]) : ', ';
    let o = '', z = 0;
    a[0].forEach((x, i) => { const s = (i ? sep : '') + text(p, x); if ((z += cpl(s)) > MS) long(p); o += s; });
    return made(p, o);
  },
  str: (p, a, f) => { ar(p, a, 1, 1, f); return made(p, text(p, a[0])); },
  num: (p, a, f) => {
    ar(p, a, 1, 1, f);
    if (isN(a[0])) return a[0];
    const s = strip(text(p, a[0])), v = pf(s);
    return v === null ? 0n : !isFinite(v) ? v : /^\p{Nd}+$/u.test(s) && cpl(s) < 16 ? BigInt(ascii(s)) : v;
  },
});
const ACT = ['send', 'toggle', 'submit'];
const E = {
  c: n => 'v' in n ? n.v : (n.v = dec(n[2])),
  n: n => S.has(n[2]) ? S.get(n[2]) : no(n[1], `unknown state '${n[2]}'`),
  t: n => {
    let o = '', z = 0;
    for (const x of n.slice(2)) { const s = isS(x) ? x : text(x[1], ev(x)); if ((z += cpl(s)) > MS) long(n[1]); o += s; }
    return made(n[1], o);
  },
  a: n => made(n[1], n.slice(2).map(ev)),
  o: n => made(n[1], new Map(n.slice(2).map(([k, v]) => [k, ev(v)]))),
  u: n => { const v = ev(n[3]); if (n[2] == '!') return !tr(v); const x = num(n[3][1], v, "'-'"); return -x; },
  '?': n => tr(ev(n[2])) ? ev(n[3]) : ev(n[4]),
  '.': n => {
    const o = ev(n[2]), k = n[3];
    if (isM(o) && o.has(k)) return o.get(k);
    if ((isL(o) || isS(o)) && k == 'length') return BigInt(len(o));
    no(n[1], `no field '${k}' on ${tn(o)}`);
  },
  '[': n => {
    const o = ev(n[2]), k = ev(n[3]);
    if ((isL(o) || isS(o)) && isI(k)) {
      const a = isL(o) ? o : [...o], L = BigInt(a.length);
      if (-L <= k && k < L) return a[Number(k < 0n ? k + L : k)];
      no(n[1], `index ${k} is out of range for length ${a.length}`);
    }
    if (isM(o) && isS(k) && o.has(k)) return o.get(k);
    no(n[1], `cannot index ${tn(o)} with ${q(pv(k))}`);
  },
  b: n => {
    let v = ev(n[2]), lp = n[2][1];
    for (const [o, x, p] of n.slice(3)) {
      if (o == '&&') { if (!tr(v)) return v; v = ev(x); }
      else if (o == '||') { if (tr(v)) return v; v = ev(x); }
      else v = ap(o, p, v, lp, ev(x), x[1]);
      lp = p;
    }
    return v;
  },
  f: n => {
    const f = n[2];
    if (ACT.includes(f)) no(n[1], `${f}() is an action; use it only in an action prop such as action={…}`);
    if (!FN[f]) no(n[1], `unknown function '${f}'`);
    return FN[f](n[1], n.slice(3).map(ev), f);
  },
};
const ev = n => {
  if (D >= TD) no(n[1], `expression tree is deeper than ${TD} levels`);
  D++;
  try { return E[n[0]](n); } finally { D--; }
};
const show = n => { const v = ev(n); charge(n[1], v); return v; };
// An action program: changes S, returns its effects [kind, …] in order.
const run = g => g.slice(2).map(s => {
  const p = s[1], a = s.slice(3);
  if (s[0] == '=') { if (!S.has(s[2])) no(p, `unknown state '${s[2]}'`); const v = ev(s[3]); S.set(s[2], v); return ['set', s[2], v]; }
  if (s[0] == 'f' && s[2] == 'toggle') {
    if (a.length != 1 || a[0][0] != 'n') no(p, 'toggle() takes one state name, e.g. toggle(open)');
    const v = !tr(ev(a[0]));
    S.set(a[0][2], v);
    return ['set', a[0][2], v];
  }
  if (s[0] == 'f' && s[2] == 'send') { ar(p, a, 1, 1, 'send'); return ['send', text(p, ev(a[0]))]; }
  if (s[0] == 'f' && s[2] == 'submit') { ar(p, a, 0, 0, 'submit'); return ['submit']; }
  no(p, 'an action statement must set state or call send(), toggle() or submit()');
});

// ---- values on the wire (ui4a/render/wire.py) and as Python's json.dumps writes them
const own = (o, k) => Object.prototype.hasOwnProperty.call(o, k);
const dec = x => isL(x) ? x.map(dec) : isF(x) ? (Number.isInteger(x) ? BigInt(x) : x) : x === null || typeof x != 'object' ? x
  : own(x, 'i') ? BigInt(x.i) : own(x, 'f') ? (x.f == 'inf' ? Infinity : x.f == '-inf' ? -Infinity : x.f == 'nan' ? NaN : +x.f) : new Map(Object.entries(x.d).map(([k, v]) => [k, dec(v)]));
const enc = v => isL(v) ? v.map(enc) : isM(v) ? { d: Object.fromEntries([...v].map(([k, x]) => [k, enc(x)])) }
  : isI(v) ? (v > 2n ** 53n || v < -(2n ** 53n) ? { i: v.toString() } : Number(v)) : isF(v) && (Number.isInteger(v) || !isFinite(v)) ? { f: repr(v) } : v;
const dumps = v => isL(v) ? '[' + v.map(dumps).join(',') + ']' : isM(v) ? '{' + [...v].map(([k, x]) => JSON.stringify(k) + ':' + dumps(x)).join(',') + '}'
  : isI(v) ? v.toString() : isF(v) ? (v !== v ? 'NaN' : isFinite(v) ? repr(v) : v > 0 ? 'Infinity' : '-Infinity') : JSON.stringify(v);
// Evaluate with a state and a fresh budget; a refusal comes back as {error, at}.
const guard = (f, state) => {
  const s = S, b = B;
  S = state; B = { u: 0 };
  try { return { value: f() }; } catch (e) { if (e instanceof R) return { error: e.m, at: e.p }; throw e; } finally { S = s; B = b; }
};

// ---- the page
const root = document.querySelector('.ui4a'), data = document.getElementById('ui4a-data');
const api = { evaluate: (node, state) => { const r = guard(() => show(node), dec(state)); if ('value' in r) r.value = enc(r.value); return r; } };
window.ui4a = api;
if (!root || !data) return;
const d = JSON.parse(data.textContent), T = {}, M = {};
let state = dec(d.state);
for (const t of document.querySelectorAll('template[data-ui4a-t]')) T[t.dataset.ui4aT] = t;
const marks = n => {
  const w = document.createTreeWalker(n, NodeFilter.SHOW_COMMENT);
  for (let c; (c = w.nextNode());) { const m = /^(\/?)u4([xes]:\d+)$/.exec(c.data); if (m) (M[m[2]] ||= [])[m[1] ? 1 : 0] = c; }
};
marks(root);
const between = ([a, b]) => { const o = []; for (let n = a.nextSibling; n && n != b; n = n.nextSibling) o.push(n); return o; };
const line = p => { let l = 1, c = p; for (const s of d.nl) if (s <= p) { l++; c = p - s; } return `${l}:${c + 1}`; };
const problem = (where, m) => {
  root.setAttribute('data-ui4a-error', where + ': ' + m);
  root.dispatchEvent(new CustomEvent('ui4a:error', { detail: { message: where + ': ' + m }, bubbles: true }));
};
const emit = detail => {
  root.dispatchEvent(new CustomEvent('ui4a:send', { detail, bubbles: true }));
  if (window.parent !== window) window.parent.postMessage({ type: 'ui4a:send', ...detail }, '*');
};
// num_text (components/_shared/numbers.py): thousands separators, at most two decimals.
const nt = v => {
  if (isF(v) && Number.isInteger(v)) v = BigInt(v);
  const [i, f] = (isI(v) ? v.toString() : fixed(v, 2)).split('.'), g = i.replace(/\B(?=(\d{3})+$)/g, ',');
  if (f === undefined) return g;
  const t = (g + '.' + f).replace(/0+$/, '').replace(/\.$/, '');
  return t == '-0' || t == '' ? '0' : t;
};
const SAFE = ['aria-label', 'aria-valuetext', 'title', 'alt', 'placeholder', 'value', 'label'];
// The leaves of an element's values in order, and its shape: the values with every hole blanked.
const leaves = (v, o) => { if (isL(v) || isM(v)) for (const x of v.values()) leaves(x, o); else o.push(v); return o; };
const blank = (v, h, i) => isL(v) ? v.map(x => blank(x, h, i)) : isM(v) ? new Map([...v].map(([k, x]) => [k, blank(x, h, i)]))
  : (x => x == 's' && isS(v) ? '' : x == '#' && isN(v) ? 0n : v)(h[i.n++]);
// Holes are \uE000 leaf-index format \uE001: format n (num_text), t (to_text), or none (text).
const fill = (n, vals) => {
  const put = s => s.replace(/\uE000(\d+)([nt]?)\uE001/g, (_, i, f) => f == 'n' ? nt(vals[i]) : f ? tx(vals[i]) : vals[i]);
  const w = document.createTreeWalker(n, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let c; (c = w.nextNode());) {
    if (c.nodeType == 3) { if (c.data.includes('\uE000')) c.data = put(c.data); }
    else for (const a of SAFE) { const x = c.getAttribute(a); if (x && x.includes('\uE000')) c.setAttribute(a, put(x)); }
  }
};
// Put element k's markup for these values in place; its children move into the new markup.
const swap = (e, vals, key) => {
  const [, k, , vs, sten, where] = e;
  let t = vs[key], f;
  if (t === undefined && sten && dumps(blank(vals, sten[2], { n: 0 })) == sten[1]) {
    t = sten[0];
    f = leaves(vals, []);
  }
  if (t === undefined) return problem(where, 'its new look was not prepared for the standalone page (see ui4a render)'), false;
  const frag = T[t].content.cloneNode(true), [a, b] = M['e:' + k], old = between([a, b]), slot = M['s:' + k];
  if (f) fill(frag, f);
  const focus = document.activeElement, fid = focus && old.some(n => n.contains && n.contains(focus)) && focus.id;
  const sel = fid && focus.selectionStart != null ? [focus.selectionStart, focus.selectionEnd] : null;
  const kids = slot ? between(slot) : [];
  marks(frag);
  if (slot) { const ns = M['s:' + k]; for (const c of kids) ns[1].parentNode.insertBefore(c, ns[1]); }
  for (const n of old) n.remove();
  b.parentNode.insertBefore(frag, b);
  if (fid) { const n = document.getElementById(fid); if (n) { n.focus(); if (sel) n.setSelectionRange(...sel); } }
  return true;
};
const vt = v => v === null ? '' : typeof v == 'boolean' ? String(v) : isF(v) && Number.isInteger(v) ? BigInt(v).toString() : isF(v) ? repr(v) : tx(v);
const sync = () => {
  for (const c of root.querySelectorAll('[data-ui4a-bind]')) {
    const n = c.dataset.ui4aBind;
    if (!state.has(n)) continue;
    const v = state.get(n), t = vt(v);
    if (c.type == 'checkbox') c.checked = pb(v);
    else if (/^(INPUT|SELECT|TEXTAREA)$/.test(c.tagName)) {
      if (c.value != t) c.value = t;
      if (c.tagName == 'SELECT' && c.selectedIndex < 0) c.selectedIndex = [...c.options].findIndex(o => !o.disabled);
    } else for (const r of c.querySelectorAll('input[type=radio]')) r.checked = r.value == t;
  }
  root.setAttribute('data-ui4a-state', dumps(state));
};
// Re-evaluate every value the page shows, in render order with one budget, then show them all;
// a refusal keeps the page as it was (as the live app keeps its last view).
const spend = (p, n) => { if ((B.u += n) > MR) no(p, BUDGET); };
const pass = () => {
  const out = [];
  const r = guard(() => {
    for (const e of d.run) {
      if (isF(e[0])) spend(...e);
      else if (e[0] == 'x') out.push([e, tx(show(e[2]))]);
      else {
        const v = [];
        for (const x of e[2]) if (isF(x[0])) spend(...x); else v.push(x[0] == 'B' ? state.get(x[1]) : show(x));
        out.push([e, v]);
      }
    }
  }, state);
  if ('error' in r) problem(line(r.at), r.error);
  else {
    root.removeAttribute('data-ui4a-error');
    for (const [e, v] of out) {
      if (e[0] == 'x') {
        const m = M['x:' + e[1]], old = between(m);
        if (old.map(n => n.textContent).join('') != v) { old.forEach(n => n.remove()); if (v) m[1].before(v); }
      } else {
        const key = dumps(v);
        if ((e.now ?? e[6]) != key && swap(e, v, key)) e.now = key;
      }
    }
  }
  sync();
};
// An action, as the live app runs one: all of it or, on a refusal, none of it.
const act = src => {
  const g = d.act[src], next = new Map(state), r = g && guard(() => run(g), next);
  if (!r) return [];
  if ('error' in r) return problem('action', r.error), [];
  state = next;
  pass();
  return r.value;
};
// What the live app stores when an input changes (app/state.py _coerce).
const co = (o, v) => {
  if (typeof o == 'boolean') return v === true || v == 'true' || v == 'on' || v == '1';
  if (isN(o)) { const f = typeof v == 'boolean' ? +v : pf(v); return f === null ? o : Number.isInteger(f) ? BigInt(f) : f; }
  return cut(typeof v == 'boolean' ? (v ? 'True' : 'False') : v, d.max);
};
const bind = (n, v) => { if (state.has(n)) { state.set(n, co(state.get(n), v)); pass(); } };
root.addEventListener('click', e => {
  const b = e.target.closest('[data-ui4a-action]');
  if (!b || b.tagName == 'FORM' || !root.contains(b)) return;
  for (const f of act(JSON.parse(b.dataset.ui4aAction))) if (f[0] == 'send') emit({ kind: 'send', text: f[1] });
});
root.addEventListener('submit', e => {
  const f = e.target;
  if (!f.hasAttribute('data-ui4a-form')) return;
  e.preventDefault();
  const values = {};
  for (const [k, v] of new FormData(f)) if (!k.startsWith('__')) values[k] = isS(v) ? v : v.name;
  const all = Object.entries(values), sum = all.length ? 'Submitted: ' + all.map(([k, v]) => k + ': ' + v).join(', ') : 'Submitted';
  const src = f.dataset.ui4aAction ? JSON.parse(f.dataset.ui4aAction) : '';
  for (const x of src ? act(src) : [['submit']]) if (x[0] == 'send' || x[0] == 'submit') emit({ kind: x[0], text: x[0] == 'send' ? x[1] : sum, values });
});
root.addEventListener('input', e => { const t = e.target; if (t.type != 'checkbox' && t.type != 'radio' && t.dataset.ui4aBind) bind(t.dataset.ui4aBind, t.value); });
root.addEventListener('change', e => {
  const t = e.target, n = t.dataset.ui4aBind;
  if (t.type == 'checkbox' && n && state.has(n)) bind(n, !pb(state.get(n)));
  else if (t.type == 'radio') { const g = t.closest('[data-ui4a-bind]'); if (g) bind(g.dataset.ui4aBind, t.value); }
});
api.update = w => { for (const [k, v] of dec(w)) if (state.has(k)) state.set(k, v); pass(); return !root.hasAttribute('data-ui4a-error'); };
root.setAttribute('data-ui4a-live', '');
})();

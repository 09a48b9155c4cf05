// UI4A standalone runtime (ui4a/render/runtime.js), written for UI4A and shipped as it is,
// less its comments and indentation. It evaluates the expression language with the semantics
// of ui4a/lang/expr.py and keeps the page in step with its state, as the live app does.
// It fetches nothing, never runs text as code and never parses data as HTML: it reads its
// data with textContent and JSON.parse, and changes the page through textContent,
// setAttribute, form control properties and clones of the page's own <template> elements.
// Python types: None null, bool boolean, int BigInt, float Number, str string, list Array,
// dict Map.
(() => {
const MS = 16384, TD = 224, MV = 262144, VD = 32, MR = 524288, BIG = 10n ** 18n, HUGE = 10n ** 30n;
// A refusal is thrown as [offset of the node that refused, message]; Oversize (ui4a/lang/budget.py)
// as its message alone. Nothing else the runtime throws is an array or a string.
const no = (p, m) => { throw [p, m]; };
// The state being read, the budget being charged, the depth of the tree being evaluated.
let S, B, D = 0;

// ---- values
const isI = v => typeof v == 'bigint', isF = v => typeof v == 'number', isN = v => isI(v) || isF(v);
const isS = v => typeof v == 'string', isL = Array.isArray, isM = v => v instanceof Map, isB = v => typeof v == 'boolean';
const { abs, max, min, floor, trunc, log10 } = Math, isInt = Number.isInteger, doc = document, I = BigInt, N = Number;
const tn = v => v === null ? 'null' : isB(v) ? 'boolean' : isN(v) ? 'number' : isS(v) ? 'text' : isL(v) ? 'list' : 'object';
// Text lengths count code points, as Python's len() does.
const cpl = s => s.length - (s.match(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g) || []).length;
const len = v => isL(v) ? v.length : isM(v) ? v.size : cpl(v);
const cut = (s, n) => cpl(s) <= n ? s : [...s].slice(0, n).join('');
// Python's bool() and the language's truthiness (which also calls NaN false).
const pb = v => v !== v || (isL(v) || isM(v) ? len(v) > 0 : !!v);
const tr = v => pb(v) && v === v;
const eq = (a, b) => {
  if (isB(a)) a = I(a);
  if (isB(b)) b = I(b);
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
  if (x == 0) return 1 / x < 0 ? '-0.0' : '0.0';
  const [m, e] = abs(x).toExponential().split('e'), g = m.replace('.', ''), p = +e + 1;
  let s;
  if (p > -4 && p <= 16) s = p <= 0 ? '0.' + '0'.repeat(-p) + g : p >= g.length ? g + '0'.repeat(p - g.length) + '.0' : g.slice(0, p) + '.' + g.slice(p);
  else s = g[0] + (g.length > 1 ? '.' + g.slice(1) : '') + 'e' + (+e < 0 ? '-' : '+') + String(abs(+e)).padStart(2, '0');
  return (x < 0 ? '-' : '') + s;
};
// |x| with n decimals, correctly rounded, ties to even (toFixed breaks exact ties upwards).
const fx = (a, n) => {
  if (a >= 1e21) return I(a) + '' + (n ? '.' + '0'.repeat(n) : '');
  let s = a.toFixed(n);
  const t = a * 2 ** (n + 1);
  if (isInt(t) && t % 2 == 1 && +s.slice(-1) % 2) {
    const u = (I(s.replace('.', '')) - 1n + '').padStart(n + 1, '0');
    s = n ? u.slice(0, -n) + '.' + u.slice(-n) : u;
  }
  return s;
};
// round(float, n) and f"{x:.nf}".
const rnd = (x, n) => !isFinite(x) || x == 0 || abs(x) >= 2 ** 52 ? x : (x < 0 ? -1 : 1) * +fx(abs(x), n);
const fixed = (x, n) => { x = N(x); return x !== x ? 'nan' : !isFinite(x) ? (x > 0 ? 'inf' : '-inf') : (x < 0 || 1 / x < 0 ? '-' : '') + fx(abs(x), n); };
// Python's float(text): whitespace, underscores between digits, any script's decimal digits, inf and nan.
const W = '[\\t-\\r\\x1c-\\x20\\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]+', WS = RegExp(`^${W}|${W}$`, 'g');
const strip = s => s.replace(WS, '');
const dv = c => { const p = c.codePointAt(0); let s = p; while (/\p{Nd}/u.test(String.fromCodePoint(s - 1))) s--; return String((p - s) % 10); };
const ascii = s => s.replace(/\p{Nd}/gu, dv);
const pf = s => {
  s = ascii(strip(s));
  if (/^[+-]?(\d(_?\d)*(\.(\d(_?\d)*)?)?|\.\d(_?\d)*)([eE][+-]?\d(_?\d)*)?$/.test(s)) return N(s.replace(/_/g, ''));
  const m = /^([+-]?)(inf|infinity|nan)$/i.exec(s);
  return m ? (/^n/i.test(m[2]) ? NaN : m[1] == '-' ? -Infinity : Infinity) : null;
};
// int / int, correctly rounded as Python divides.
const bl = n => n.toString(2).length;
const idiv = (a, b) => {
  const A = a < 0n ? -a : a, C = b < 0n ? -b : b, L = 2n ** 53n;
  if (A <= L && C <= L) return N(a) / N(b);
  const k = max(0, 55 + bl(C) - bl(A)), Z = A << I(k);
  let q = Z / C;
  const r = Z % C, n = bl(q), sh = max(n - 53, k - 1074), h = 1n << I(sh - 1), w = q & ((h << 1n) - 1n);
  q >>= I(sh);
  if (w > h || w == h && (r || q & 1n)) q++;
  const v = N(q) * 2 ** (sh - k);
  return (a < 0n) != (b < 0n) ? -v : v;
};

// ---- values as text (ui4a/lang/expr.py to_text) and their sizes (ui4a/lang/budget.py)
const st = v => v === null ? '' : isF(v) ? (isInt(v) && abs(v) < 1e15 ? v + '' : repr(rnd(v, 10))) : v + '';
const tx = v => isL(v) ? v.map(tx).join(', ') : isM(v) ? [...v].map(([k, x]) => k + ': ' + tx(x)).join(', ') : st(v);
const kib = n => n % 1048576 ? n / 1024 + ' KiB' : n / 1048576 + ' MiB';
const ss = x => isS(x) ? cpl(x) : x === null ? 0 : isB(x) ? 5 : isI(x) && (x > HUGE || x < -HUGE) ? floor(log10(abs(N(x)))) + 2 : (isI(x) ? x + '' : repr(x)).length;
const ts = (v, cap = MV, md = VD) => {
  let t = 0;
  const k = [[v, 0]], big = () => `a value's text grows past ${kib(cap)} (the per-value limit of the render budget)`;
  while (k.length) {
    const [x, d] = k.pop();
    if (isL(x) || isM(x)) {
      if (d >= md) throw `a value nests lists or objects deeper than ${md} levels`;
      t += 2 * max(len(x) - 1, 0) + 1;
      if (isM(x)) for (const y of x.keys()) t += cpl(y) + 2;
      if (t > cap) throw big();
      for (const y of x.values()) k.push([y, d + 1]);
    } else if ((t += ss(x)) > cap) throw big();
  }
  return t;
};
const pv = v => { try { ts(v, 60); } catch (e) { if (isS(e)) return `(${tn(v)} too long to show)`; throw e; } return tx(v); };

// ---- the evaluator (ui4a/lang/expr.py Evaluator)
const long = p => no(p, `text grows past ${MS} characters (the limit for one string)`);
const BUDGET = `the document expands past ${kib(MR)} of text when rendered (the render budget); show fewer or shorter values`;
const charge = (p, v) => {
  try { B.u += ts(v); } catch (e) { if (isS(e)) no(p, e); throw e; }
  if (B.u > MR) no(p, BUDGET);
};
const made = (p, v) => { if (isS(v) && cpl(v) > MS) long(p); charge(p, v); return v; };
const text = (p, v) => {
  if (isL(v) || isM(v)) try { ts(v, MS); } catch (e) { if (isS(e)) long(p); throw e; }
  const t = tx(v);
  if (cpl(t) > MS) long(p);
  return t;
};
const num = (p, v, w) => isN(v) ? v : no(p, `${w} needs a number, got ${tn(v)} '${pv(v)}'`);
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
  const x = N(a), y = N(b);
  if (o == '+') return fin(p, o, x + y);
  if (o == '-') return fin(p, o, x - y);
  if (o == '*') return fin(p, o, x * y);
  if (b == 0) no(p, `division by zero in '${o}'`);
  return fin(p, o, o == '%' ? x % y : isI(a) && isI(b) ? idiv(a, b) : x / y);
};
const ar = (p, a, lo, hi, f) => { if (a.length < lo || a.length > hi) no(p, `${f}() takes ${lo==hi?lo:lo+' to '+hi} arguments, got ${a.length}`); };
const dig = (p, v, f) => { v = num(p, v, f + '()'); return isI(v) ? N(v < -1n ? -1n : v > 11n ? 11n : v) : trunc(mx(-1, mn(v, 11))); };
const nums = (p, a, f) => { if (a.length == 1 && isL(a[0])) a = a[0]; if (!a.length) no(p, `${f}() needs at least one number`); return a.map(x => num(p, x, f + '()')); };
// Each function: [fewest arguments, most (-1: any), body (position, arguments, name)].
const FN = Object.assign(Object.create(null), {
  round: [1, 2, (p, a, f) => {
    const d = a.length == 2 ? dig(p, a[1], f) : 0, x = num(p, a[0], 'round()'), v = isI(x) ? x : rnd(x, max(0, min(d, 10)));
    return d > 0 || isI(v) ? v : isFinite(v) ? I(v) : no(p, 'round() needs a finite number');
  }],
  fixed: [2, 2, (p, a, f) => { const d = max(0, min(dig(p, a[1], f), 10)); return fixed(num(p, a[0], 'fixed()'), d); }],
  min: [0, -1, (p, a, f) => nums(p, a, f).reduce((m, x) => x < m ? x : m)],
  max: [0, -1, (p, a, f) => nums(p, a, f).reduce((m, x) => x > m ? x : m)],
  abs: [1, 1, (p, [x]) => (x = num(p, x, 'abs()'), isI(x) ? (x < 0n ? -x : x) : abs(x))],
  len: [1, 1, (p, [x]) => isL(x) || isM(x) || isS(x) ? I(len(x)) : no(p, `len() needs text or a list, got ${tn(x)}`)],
  sum: [1, 1, (p, [l]) => {
    if (!isL(l)) no(p, `sum() needs a list, got ${tn(l)}`);
    let t = 0n;
    for (const v of l) { const x = isB(v) ? I(v) : num(p, v, 'sum()'); t = isI(t) && isI(x) ? t + x : N(t) + N(x); }
    return fin(p, 'sum()', t);
  }],
  upper: [1, 1, (p, [x]) => made(p, text(p, x).toUpperCase())],
  lower: [1, 1, (p, [x]) => made(p, text(p, x).toLowerCase())],
  join: [1, 2, (p, [l, s]) => {
    if (!isL(l)) no(p, `join() needs a list, got ${tn(l)}`);
    const sep = s === undefined ? ', ' : text(p, s);
    let o = '', z = 0;
    l.forEach((x, i) => { const t = (i ? sep : '') + text(p, x); if ((z += cpl(t)) > MS) long(p); o += t; });
    return made(p, o);
  }],
  str: [1, 1, (p, [x]) => made(p, text(p, x))],
  num: [1, 1, (p, [x]) => {
    if (isN(x)) return x;
    const s = strip(text(p, x)), v = pf(s);
    return v === null ? 0n : !isFinite(v) ? v : /^\p{Nd}+$/u.test(s) && cpl(s) < 16 ? I(ascii(s)) : v;
  }],
});
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
    if ((isL(o) || isS(o)) && k == 'length') return I(len(o));
    no(n[1], `no field '${k}' on ${tn(o)}`);
  },
  '[': n => {
    const o = ev(n[2]), k = ev(n[3]);
    if ((isL(o) || isS(o)) && isI(k)) {
      const a = isL(o) ? o : [...o], L = I(a.length);
      if (-L <= k && k < L) return a[N(k < 0n ? k + L : k)];
      no(n[1], `index ${k} is out of range for length ${a.length}`);
    }
    if (isM(o) && isS(k) && o.has(k)) return o.get(k);
    no(n[1], `cannot index ${tn(o)} with '${pv(k)}'`);
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
    if (['send', 'toggle', 'submit'].includes(f)) no(n[1], `${f}() is an action; use it only in an action prop such as action={…}`);
    if (!FN[f]) no(n[1], `unknown function '${f}'`);
    const [lo, hi, g] = FN[f], a = n.slice(3).map(ev);
    if (hi >= 0) ar(n[1], a, lo, hi, f);
    return g(n[1], a, f);
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
const own = Object.hasOwn;
const dec = x => isL(x) ? x.map(dec) : isF(x) ? (isInt(x) ? I(x) : x) : x === null || typeof x != 'object' ? x
  : own(x, 'i') ? I(x.i) : own(x, 'f') ? (x.f == 'inf' ? Infinity : x.f == '-inf' ? -Infinity : x.f == 'nan' ? NaN : +x.f) : new Map(Object.entries(x.d).map(([k, v]) => [k, dec(v)]));
const enc = v => isL(v) ? v.map(enc) : isM(v) ? { d: Object.fromEntries([...v].map(([k, x]) => [k, enc(x)])) }
  : isI(v) ? (v > 2n ** 53n || v < -(2n ** 53n) ? { i: v + '' } : N(v)) : isF(v) && (isInt(v) || !isFinite(v)) ? { f: repr(v) } : v;
const dumps = v => isL(v) ? '[' + v.map(dumps).join(',') + ']' : isM(v) ? '{' + [...v].map(([k, x]) => JSON.stringify(k) + ':' + dumps(x)).join(',') + '}'
  : isI(v) ? v + '' : isF(v) ? (v !== v ? 'NaN' : isFinite(v) ? repr(v) : v > 0 ? 'Infinity' : '-Infinity') : JSON.stringify(v);
// Evaluate with a state and a fresh budget; a refusal comes back as {error, at}.
const guard = (f, state) => {
  const s = S, b = B;
  S = state; B = { u: 0 };
  try { return { value: f() }; } catch (e) { if (isL(e)) return { error: e[1], at: e[0] }; throw e; } finally { S = s; B = b; }
};

// ---- the page
const root = doc.querySelector('.ui4a'), data = doc.getElementById('ui4a-data');
const api = { evaluate: (node, w) => { const r = guard(() => show(node), dec(w)); if ('value' in r) r.value = enc(r.value); return r; } };
window.ui4a = api;
if (!root || !data) return;
const d = JSON.parse(data.textContent), T = {}, M = {};
// U: the UI state.
let U = dec(d.state);
for (const t of doc.querySelectorAll('template[data-ui4a-t]')) T[t.dataset.ui4aT] = t;
const marks = n => {
  const w = doc.createTreeWalker(n, 128);  // comments
  for (let c; (c = w.nextNode());) { const m = /^(\/?)u4([xes]:\d+)$/.exec(c.data); if (m) (M[m[2]] ||= [])[m[1] ? 1 : 0] = c; }
};
marks(root);
const span = ([a, b]) => { const o = []; for (let n = a.nextSibling; n && n != b; n = n.nextSibling) o.push(n); return o; };
const line = p => { let l = 1, c = p; for (const s of d.nl) if (s <= p) { l++; c = p - s; } return `${l}:${c + 1}`; };
const fire = (type, detail) => root.dispatchEvent(new CustomEvent(type, { detail, bubbles: true }));
const warn = (where, m) => fire('ui4a:error', { message: root.dataset.ui4aError = where + ': ' + m });
const emit = detail => {
  fire('ui4a:send', detail);
  if (window.parent !== window) window.parent.postMessage({ type: 'ui4a:send', ...detail }, '*');
};
// num_text (components/_shared/numbers.py): thousands separators, at most two decimals.
const nt = v => {
  if (isF(v) && isInt(v)) v = I(v);
  const [i, f] = (isI(v) ? v + '' : fixed(v, 2)).split('.'), g = i.replace(/\B(?=(\d{3})+$)/g, ',');
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
const fill = (n, vs_) => {
  const put = s => s.replace(/\uE000(\d+)([nt]?)\uE001/g, (_, i, f) => f == 'n' ? nt(vs_[i]) : f ? tx(vs_[i]) : vs_[i]);
  const w = doc.createTreeWalker(n, 5);  // elements and text
  for (let c; (c = w.nextNode());) {
    if (c.nodeType == 3) { if (c.data.includes('\uE000')) c.data = put(c.data); }
    else for (const a of SAFE) { const x = c.getAttribute(a); if (x && x.includes('\uE000')) c.setAttribute(a, put(x)); }
  }
};
// Put element k's markup for these values in place; its children move into the new markup.
const swap = (e, vs_, key) => {
  const [, k, , vs, sten, where] = e;
  let t = vs[key], f;
  if (t === undefined && sten && dumps(blank(vs_, sten[2], { n: 0 })) == sten[1]) {
    t = sten[0];
    f = leaves(vs_, []);
  }
  if (t === undefined) return warn(where, 'no markup was prepared for these values'), false;
  const frag = T[t].content.cloneNode(true), [a, b] = M['e:' + k], old = span([a, b]), slot = M['s:' + k];
  if (f) fill(frag, f);
  const focus = doc.activeElement, fid = focus && old.some(n => n.contains && n.contains(focus)) && focus.id;
  const sel = fid && focus.selectionStart != null ? [focus.selectionStart, focus.selectionEnd] : null;
  const kids = slot ? span(slot) : [];
  marks(frag);
  if (slot) { const ns = M['s:' + k]; for (const c of kids) ns[1].parentNode.insertBefore(c, ns[1]); }
  for (const n of old) n.remove();
  b.parentNode.insertBefore(frag, b);
  if (fid) { const n = doc.getElementById(fid); if (n) { n.focus(); if (sel) n.setSelectionRange(...sel); } }
  return true;
};
const vt = v => v === null ? '' : isF(v) ? (isInt(v) ? I(v) + '' : repr(v)) : isL(v) || isM(v) ? tx(v) : v + '';
const sync = () => {
  for (const c of root.querySelectorAll('[data-ui4a-bind]')) {
    const n = c.dataset.ui4aBind;
    if (!U.has(n)) continue;
    const v = U.get(n), t = vt(v);
    if (c.type == 'checkbox') c.checked = pb(v);
    else if (/^(INPUT|SELECT|TEXTAREA)$/.test(c.tagName)) {
      if (c.value != t) c.value = t;
      if (c.tagName == 'SELECT' && c.selectedIndex < 0) c.selectedIndex = [...c.options].findIndex(o => !o.disabled);
    } else for (const r of c.querySelectorAll('input[type=radio]')) r.checked = r.value == t;
  }
  root.dataset.ui4aState = dumps(U);
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
        for (const x of e[2]) if (isF(x[0])) spend(...x); else v.push(x[0] == 'B' ? U.get(x[1]) : show(x));
        out.push([e, v]);
      }
    }
  }, U);
  if ('error' in r) warn(line(r.at), r.error);
  else {
    delete root.dataset.ui4aError;
    for (const [e, v] of out) {
      if (e[0] == 'x') {
        const m = M['x:' + e[1]], old = span(m);
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
  const g = d.act[src], next = new Map(U), r = g && guard(() => run(g), next);
  if (!r) return [];
  if ('error' in r) return warn('action', r.error), [];
  U = next;
  pass();
  return r.value;
};
// What the live app stores when an input changes (app/U.py _coerce).
const co = (o, v) => {
  if (isB(o)) return v === true || v == 'true' || v == 'on' || v == '1';
  if (isN(o)) { const f = isB(v) ? +v : pf(v); return f === null ? o : isInt(f) ? I(f) : f; }
  return cut(isB(v) ? (v ? 'True' : 'False') : v, d.max);
};
const on = (t, f) => root.addEventListener(t, f);
const bind = (n, v) => { if (U.has(n)) { U.set(n, co(U.get(n), v)); pass(); } };
on('click', e => {
  const b = e.target.closest('[data-ui4a-action]');
  if (!b || b.tagName == 'FORM' || !root.contains(b)) return;
  for (const f of act(JSON.parse(b.dataset.ui4aAction))) if (f[0] == 'send') emit({ kind: 'send', text: f[1] });
});
on('submit', e => {
  const f = e.target;
  if (!('ui4aForm' in f.dataset)) return;
  e.preventDefault();
  const values = {};
  for (const [k, v] of new FormData(f)) if (!k.startsWith('__')) values[k] = isS(v) ? v : v.name;
  const all = Object.entries(values), sum = all.length ? 'Submitted: ' + all.map(([k, v]) => k + ': ' + v).join(', ') : 'Submitted';
  const src = f.dataset.ui4aAction ? JSON.parse(f.dataset.ui4aAction) : '';
  for (const x of src ? act(src) : [['submit']]) if (x[0] == 'send' || x[0] == 'submit') emit({ kind: x[0], text: x[0] == 'send' ? x[1] : sum, values });
});
on('input', e => { const t = e.target; if (t.type != 'checkbox' && t.type != 'radio' && t.dataset.ui4aBind) bind(t.dataset.ui4aBind, t.value); });
on('change', e => {
  const t = e.target, n = t.dataset.ui4aBind;
  if (t.type == 'checkbox' && n && U.has(n)) bind(n, !pb(U.get(n)));
  else if (t.type == 'radio') { const g = t.closest('[data-ui4a-bind]'); if (g) bind(g.dataset.ui4aBind, t.value); }
});
api.update = w => { for (const [k, v] of dec(w)) if (U.has(k)) U.set(k, v); pass(); return !('ui4aError' in root.dataset); };
root.dataset.ui4aLive = '';
})();

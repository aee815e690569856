// The page of `arbiter serve`. Every text that comes from the user or from a PGN is put
// on the page with textContent (never as HTML); the board pictures come from the
// server's own renderer (/api/diagram).
'use strict';

const $ = (id) => document.getElementById(id);
const SIDE = { white: 'White', black: 'Black' };
const other = (side) => (side === 'white' ? 'black' : 'white');

// ---- small helpers ---------------------------------------------------------------

function el(tag, text, cls) {
  const e = document.createElement(tag);
  if (text !== undefined && text !== null) e.textContent = String(text);
  if (cls) e.className = cls;
  return e;
}

async function api(endpoint, body) {
  const res = await fetch('/api/' + endpoint, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body),
  });
  let data = null;
  try { data = await res.json(); } catch (e) { data = { error: 'the server answered ' + res.status }; }
  if (!res.ok) throw new Error((data && data.error) || ('the server answered ' + res.status));
  return data;
}

function say(text) { $('message').textContent = text || ''; }

// SAN tokens of a line: "1. Nd2 Kd4 2. Nf3+" or "1.c4 Ra5 2.c3" -> ["Nd2", "Kd4", "Nf3+"].
function sanTokens(san) {
  if (!san) return [];
  return san.split(/\s+/).map((t) => t.replace(/^\d+\.+/, '')).filter((t) => t && t !== '...');
}

// ---- the board: a position, a line from it, and the ply shown ----------------------

const board = {
  start: null, line: [], san: [], ply: 0, flipped: false, timer: null, request: 0,
  setup: false, men: null, chosen: null, blockade: null,
};

async function showBoard() {
  const id = ++board.request;
  const params = new URLSearchParams();
  let fen = board.start;
  if (board.setup) {
    fen = setupFen();
    params.set('setup', '1');
  }
  if (!fen) return;
  params.set('fen', fen);
  if (!board.setup && board.line.length) {
    params.set('line', board.line.join(','));
    params.set('ply', String(board.ply));
  }
  if (board.flipped) params.set('flip', '1');
  if (board.blockade && !board.setup) params.set('blockade', board.blockade);
  const res = await fetch('/api/diagram?' + params.toString());
  if (id !== board.request) return;  // a newer picture was asked for meanwhile
  if (!res.ok) {
    let msg = 'cannot draw the position';
    try { msg = (await res.json()).error; } catch (e) { /* keep the default */ }
    if (id === board.request) say(msg);
    return;
  }
  const text = await res.text();
  // Checked again: a newer picture may have been asked for while the body was read, and
  // an older picture drawn last would hide it (the blockade's walls were lost that way).
  if (id !== board.request) return;
  const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
  const svg = document.importNode(doc.documentElement, true);
  const holder = $('board');
  holder.replaceChildren(svg);
  holder.classList.toggle('setting-up', board.setup);
  holder.dataset.ply = String(board.ply);
  holder.dataset.fen = svg.getAttribute('data-fen') || '';
  updateLabels();
}

function updateLabels() {
  const n = board.line.length;
  if (board.setup) {
    $('ply-label').textContent = 'Setting up: ' + setupFen();
  } else if (n === 0) {
    $('ply-label').textContent = '';
  } else {
    const moveText = board.ply > 0 ? ' — ' + (board.san[board.ply - 1] || board.line[board.ply - 1]) : ' — start';
    $('ply-label').textContent = 'ply ' + board.ply + ' of ' + n + moveText;
  }
  for (const id of ['w-start', 'w-back']) $(id).disabled = board.setup || board.ply === 0;
  for (const id of ['w-step', 'w-end', 'w-play']) $(id).disabled = board.setup || board.ply >= n;
  updateState();
}

// Whether the position shown is checkmate or stalemate (asked of /api/status, cheap).
async function updateState() {
  const fen = $('board').dataset.fen;
  if (!fen || board.setup) { $('board-state').textContent = ''; return; }
  try {
    const s = await api('status', { fen });
    if ($('board').dataset.fen !== fen) return;
    const mover = fen.split(' ')[1] === 'w' ? 'White' : 'Black';
    $('board-state').textContent = s.state === 'checkmate' ? 'Checkmate: ' + mover + ' is mated.'
      : s.state === 'stalemate' ? 'Stalemate: ' + mover + ' has no legal move.'
      : s.in_check ? mover + ' is in check.' : '';
    $('board-state').dataset.state = s.state;
  } catch (e) { $('board-state').textContent = ''; }
}

function setLine(start, line, san, ply, title) {
  stopPlay();
  board.setup = false;
  board.start = start;
  board.blockade = null;
  board.line = line || [];
  board.san = sanTokens(san);
  if (board.san.length !== board.line.length) board.san = [];
  board.ply = Math.max(0, Math.min(ply === undefined ? 0 : ply, board.line.length));
  $('line-title').textContent = title || '';
  showBoard();
}

function go(ply) {
  board.ply = Math.max(0, Math.min(ply, board.line.length));
  showBoard();
}
function stopPlay() {
  if (board.timer) clearInterval(board.timer);
  board.timer = null;
  $('w-play').textContent = 'play';
}
function play() {
  if (board.timer) { stopPlay(); return; }
  if (board.ply >= board.line.length) board.ply = 0;
  $('w-play').textContent = 'pause';
  board.timer = setInterval(() => {
    if (board.ply >= board.line.length) { stopPlay(); updateLabels(); return; }
    go(board.ply + 1);
  }, 700);
}

// ---- setting up a position by clicking -------------------------------------------

const PIECES = 'KQRBNPkqrbnp';
const NAME = { K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn' };

function menFromFen(fen) {
  const men = {};
  const rows = (fen || '').split(' ')[0].split('/');
  if (rows.length !== 8) return men;
  rows.forEach((row, r) => {
    let f = 0;
    for (const ch of row) {
      if (/[1-8]/.test(ch)) f += Number(ch);
      else { if (f < 8 && PIECES.includes(ch)) men['abcdefgh'[f] + (8 - r)] = ch; f += 1; }
    }
  });
  return men;
}

function setupFen() {
  const rows = [];
  for (let r = 8; r >= 1; --r) {
    let row = '', empty = 0;
    for (const f of 'abcdefgh') {
      const m = board.men[f + r];
      if (m) { if (empty) row += empty; empty = 0; row += m; } else empty += 1;
    }
    if (empty) row += empty;
    rows.push(row);
  }
  return rows.join('/') + ' ' + $('setup-side').value + ' - - 0 1';
}

function toggleSetup() {
  board.setup = !board.setup;
  $('setup').hidden = !board.setup;
  $('setup-toggle').textContent = board.setup ? 'Done setting up' : 'Set up pieces';
  if (board.setup) {
    stopPlay();
    board.men = menFromFen($('fen').value);
    const side = ($('fen').value.split(' ')[1] || 'w');
    $('setup-side').value = side === 'b' ? 'b' : 'w';
  } else {
    $('fen').value = setupFen();
    board.start = $('fen').value;
    board.line = [];
    board.ply = 0;
  }
  showBoard();
}

function buildPalette() {
  const palette = $('palette');
  for (const p of PIECES + 'x') {
    const b = el('button', p === 'x' ? '\u2715' : null);
    if (p !== 'x') {
      const img = document.createElement('img');
      img.src = '/api/piece?piece=' + p;  // the board's own drawing of the man
      img.alt = p;
      b.appendChild(img);
    }
    b.type = 'button';
    b.dataset.piece = p;
    b.title = p === 'x' ? 'eraser' : (p === p.toUpperCase() ? 'white ' : 'black ') + NAME[p.toUpperCase()];
    b.addEventListener('click', () => {
      board.chosen = p;
      for (const other of palette.children) other.classList.toggle('chosen', other === b);
    });
    palette.appendChild(b);
  }
}

function boardClicked(event) {
  if (!board.setup || !board.chosen) return;
  const target = event.target.closest('[data-square]');
  if (!target) return;
  const sq = target.getAttribute('data-square');
  if (board.chosen === 'x' || board.men[sq] === board.chosen) delete board.men[sq];
  else board.men[sq] = board.chosen;
  $('fen').value = setupFen();
  showBoard();
}

// ---- the questions about a position ------------------------------------------------

function articleLine(text) { return el('p', text, 'article'); }

// One side's verdict in plain words, with the Article it bears on, and the proof.
function showVerdict(side, v, fen) {
  const box = $('verdict-' + side);
  box.replaceChildren();
  box.hidden = false;
  box.dataset.verdict = v.verdict;
  const S = SIDE[side], O = SIDE[other(side)];
  box.appendChild(el('h3', 'Can ' + S + ' checkmate?'));
  if (v.verdict === 'winnable') {
    const answer = el('p', 'Yes. ' + S + ' can still checkmate by a series of legal moves.', 'answer');
    if (v.shortest === true) answer.appendChild(el('span', 'a shortest mate', 'shortest'));
    box.appendChild(answer);
    box.appendChild(articleLine('So if ' + O + "'s flag fell, " + S + ' would win (Article 6.9); a resignation by ' +
      O + ' stands. The position is not dead (Article 5.2.2).'));
    if (v.line && v.line.length) {
      const moves = Math.ceil(v.line.length / 2);
      box.appendChild(el('p', 'The proof, ' + v.line.length + ' plies (about ' + moves + ' moves): ' + (v.san || ''), 'san'));
      if (v.shortest === false && v.no_shorter_than)
        box.appendChild(articleLine('No mate in fewer than ' + v.no_shorter_than + ' plies exists.'));
      const show = el('button', 'Show the mate on the board');
      show.type = 'button';
      show.id = 'show-' + side;
      show.addEventListener('click', () => setLine(fen, v.line, v.san, 0, S + ' mates: ' + (v.san || '')));
      box.appendChild(show);
    } else {
      box.appendChild(el('p', 'It is checkmate already.', 'san'));
    }
  } else if (v.verdict === 'unwinnable') {
    box.appendChild(el('p', 'No. ' + S + ' cannot checkmate by any series of legal moves.', 'answer'));
    if (v.detail) box.appendChild(el('p', 'Why: ' + v.detail + '.'));
    if (v.reason === 'blocked') {
      const walls = () => {
        setLine(fen, [], '', 0, 'Framed: the men that can never move. Tinted: every square the ' +
          O.toLowerCase() + ' king can ever reach.');
        board.blockade = other(side);
        showBoard();
      };
      const show = el('button', 'Show the walls on the board');
      show.type = 'button';
      show.id = 'walls-' + side;
      show.addEventListener('click', walls);
      box.appendChild(show);
      // The proof is the picture: shown at once, unless the board already shows one
      // (the other side's walls, or a line chosen since).
      if (!board.blockade && !board.line.length) walls();
    }
    box.appendChild(articleLine('So if ' + O + "'s flag fell, the game would be drawn (Article 6.9)."));
  } else {
    box.appendChild(el('p', 'Not decided: the search reached its limit (' + (v.reason || 'limit') +
      '). No ruling can rest on this answer.', 'answer'));
  }
  if (v.rules === 'automatic-draws')
    box.appendChild(articleLine('The proof keeps clear of the automatic draws (fivefold, 75 moves: Article 9.6).'));
  else if (v.rules === 'plain')
    box.appendChild(articleLine('The proof does not apply the automatic draws of Article 9.6.'));
  if (v.source === 'cache') box.appendChild(articleLine('(proved before; its witness replayed again)'));
}

function showDead(record) {
  const p = $('dead');
  p.hidden = false;
  if (record.game_over === 'stalemate')
    p.textContent = 'Stalemate: the game is already drawn (Article 5.2.1); no position after it counts.';
  else if (record.game_over === 'checkmate')
    p.textContent = 'Checkmate: the game is already over (Article 5.1.1).';
  else if (record.dead === true)
    p.textContent = 'Dead position: neither side can checkmate by any series of legal moves, so the game is drawn at once (Article 5.2.2).';
  else if (record.dead === false)
    p.textContent = 'Not a dead position (Article 5.2.2): the game goes on.';
  else p.textContent = 'Whether the position is dead is not decided.';
  p.dataset.dead = String(record.dead);
}

// Also drops the answers' data attributes: a reader of the page (a script, the browser
// test) must not take the last question's verdict for the new one's while it is pending.
function clearAnswers() {
  for (const id of ['verdict-white', 'verdict-black', 'dead', 'ruling']) {
    const box = $(id);
    box.hidden = true;
    box.replaceChildren();
    delete box.dataset.verdict;
    delete box.dataset.result;
  }
}

async function ask() {
  const fen = $('fen').value.trim();
  const question = $('question').value;
  const side = $('side').value;
  if (board.setup) toggleSetup();
  clearAnswers();
  say('');
  updateUrl();
  setLine(fen, [], '', 0, '');
  $('ask').disabled = true;
  say('Thinking…');
  try {
    if (question === 'analyze') {
      const r = await api('analyze', { fen });
      say('');
      showVerdict('white', r.white, r.fen);
      showVerdict('black', r.black, r.fen);
      showDead(r);
    } else {
      const body = { fen };
      body[question === 'timeout' ? 'flagged' : 'resigned'] = side;
      const r = await api(question, body);
      say('');
      showRuling(r, question, side);
    }
  } catch (e) {
    say(e.message);
  } finally {
    $('ask').disabled = false;
  }
}

function showRuling(r, question, side) {
  const box = $('ruling');
  box.replaceChildren();
  box.hidden = false;
  const S = SIDE[side];
  box.appendChild(el('h3', question === 'timeout' ? S + "'s flag fell." : S + ' resigned.'));
  box.appendChild(el('p', r.result ? 'Result: ' + r.result.replace('1/2-1/2', '\u00BD-\u00BD') : 'No result: not decided.', 'result'));
  box.dataset.result = r.result || '';
  if (r.reason) box.appendChild(el('p', r.reason.charAt(0).toUpperCase() + r.reason.slice(1) + '.'));
  box.appendChild(articleLine(question === 'timeout'
    ? 'Article 6.9: the player whose time runs out loses, unless the opponent cannot checkmate by any series of legal moves; then it is a draw.'
    : 'A resignation is judged by the same test: it loses unless the opponent cannot checkmate by any series of legal moves.'));
  if (r.winnability) showVerdict(other(side), r.winnability, r.fen);
}

// ---- the link -------------------------------------------------------------------

function updateUrl() {
  const params = new URLSearchParams();
  params.set('fen', $('fen').value.trim());
  params.set('q', $('question').value);
  if ($('question').value !== 'analyze') params.set('side', $('side').value);
  history.replaceState(null, '', '/?' + params.toString());
}

function readUrl() {
  const params = new URLSearchParams(location.search);
  const fen = params.get('fen');
  const q = params.get('q');
  const side = params.get('side');
  if (q && ['analyze', 'timeout', 'resign'].includes(q)) $('question').value = q;
  if (side && ['white', 'black'].includes(side)) $('side').value = side;
  sideVisibility();
  if (fen) { $('fen').value = fen; return true; }
  return false;
}

function sideVisibility() {
  const q = $('question').value;
  $('side').hidden = $('side-label').hidden = q === 'analyze';
  $('side-label').textContent = q === 'timeout' ? 'whose flag fell' : 'who resigned';
}

// ---- audit ----------------------------------------------------------------------

const audit = { records: [], replays: [] };

async function runAudit() {
  const pgn = $('pgn').value;
  if (!pgn.trim()) { $('audit-summary').textContent = 'Paste a PGN or choose a file first.'; return; }
  $('audit-run').disabled = true;
  $('audit-summary').textContent = 'Auditing…';
  try {
    const r = await api('audit', { pgn, name: $('pgn-file').files[0] ? $('pgn-file').files[0].name : 'pasted.pgn' });
    audit.records = r.records;
    audit.replays = r.replays;
    fillAuditTable();
  } catch (e) {
    $('audit-summary').textContent = e.message;
  } finally {
    $('audit-run').disabled = false;
  }
}

function fillAuditTable() {
  const body = $('audit-table').querySelector('tbody');
  body.replaceChildren();
  const only = $('audit-mismatches').checked;
  let games = 0, wrong = 0, broken = 0;
  audit.records.forEach((g, i) => {
    games += 1;
    if (g.error) broken += 1;
    if (g.mismatch) wrong += 1;
    if (only && !g.mismatch && !g.error) return;
    const tr = document.createElement('tr');
    tr.dataset.index = String(i);
    if (g.error) {
      tr.className = 'broken';
      tr.append(el('td', g.game), el('td', 'cannot be read: ' + g.error));
      tr.lastChild.colSpan = 7;
    } else {
      if (g.mismatch) tr.className = 'mismatch';
      const res = (x) => (x || '?').replace('1/2-1/2', '\u00BD-\u00BD');
      tr.append(el('td', g.game), el('td', g.white), el('td', g.black), el('td', res(g.recorded)),
        el('td', g.correct ? res(g.correct) : 'undecided'), el('td', g.ending), el('td', g.ply),
        el('td', g.mismatch ? 'MISMATCH' : ''));
      tr.addEventListener('click', () => openGame(i, tr));
    }
    body.appendChild(tr);
  });
  $('audit-table').hidden = false;
  $('audit-summary').textContent = games + ' games: ' + wrong + ' scored wrong, ' + broken + ' that cannot be read.';
}

function openGame(i, tr) {
  const g = audit.records[i], replay = audit.replays[i];
  if (!replay) return;
  for (const row of tr.parentNode.children) row.classList.toggle('chosen', row === tr);
  setLine(replay.start, replay.line, '', g.ply, 'Game ' + g.game + ': ' + g.white + ' – ' + g.black);
  const box = $('audit-ruling');
  box.replaceChildren();
  box.hidden = false;
  box.appendChild(el('h3', 'Game ' + g.game + ': ' + g.white + ' – ' + g.black));
  box.appendChild(el('p', 'Recorded ' + (g.recorded || '?') + ', correct ' + (g.correct || 'undecided') +
    ' (' + g.ending + ' at ply ' + g.ply + ')' + (g.mismatch ? ': the result was scored wrong.' : '.'), 'answer'));
  if (g.reason) box.appendChild(el('p', g.reason));
  const article = { 'dead-position': '5.2.2', timeout: '6.9', fivefold: '9.6.1', 'seventy-five': '9.6.2',
                    checkmate: '5.1.1', stalemate: '5.2.1' }[g.ending];
  if (article) box.appendChild(articleLine('Article ' + article + '.'));
  if (g.void_plies) box.appendChild(articleLine(g.void_plies + ' plies played after the end are void.'));
}

// ---- helpmate and conversion ------------------------------------------------------

async function solveHelpmate() {
  const fen = $('fen').value.trim();
  const list = $('hm-solutions');
  list.replaceChildren();
  $('hm-summary').textContent = 'Solving…';
  try {
    const r = await api('helpmate', { fen, moves: $('hm-moves').value.trim() });
    $('hm-summary').textContent = r.stipulation + ': ' + r.count + ' solution' + (r.count === 1 ? '' : 's') +
      (r.complete === false ? ' found before the limit (' + r.limit + '); there may be more' : '') + '.';
    r.solutions.forEach((line, i) => {
      const li = el('li', r.san[i]);
      const b = el('button', 'play on the board');
      b.type = 'button';
      b.addEventListener('click', () => setLine(r.fen, line, '', 0, r.stipulation + ': ' + r.san[i]));
      li.appendChild(b);
      list.appendChild(li);
    });
  } catch (e) {
    $('hm-summary').textContent = e.message;
  }
}

async function tryConversion() {
  const fen = $('fen').value.trim();
  $('cv-result').textContent = 'Searching…';
  try {
    const r = await api('convert', { fen });
    $('cv-result').textContent = r.convertible
      ? 'Converts in ' + r.length + ' move' + (r.length === 1 ? '' : 's') + ': ' + r.san + ' (the other side stays stalemated until the mate).'
      : 'No conversion' + (r.complete === false ? ' found within the limit.' : ': the stalemate stands (draw).');
  } catch (e) {
    $('cv-result').textContent = e.message;
  }
}

// ---- wiring ----------------------------------------------------------------------

function showTab(name) {
  for (const t of document.querySelectorAll('.tab')) t.classList.toggle('active', t.dataset.tab === name);
  for (const p of ['position', 'audit', 'problems']) $('panel-' + p).hidden = p !== name;
}

function init() {
  buildPalette();
  for (const t of document.querySelectorAll('.tab')) t.addEventListener('click', () => showTab(t.dataset.tab));
  $('position-form').addEventListener('submit', (e) => { e.preventDefault(); ask(); });
  $('question').addEventListener('change', sideVisibility);
  $('setup-toggle').addEventListener('click', toggleSetup);
  $('setup-side').addEventListener('change', () => { $('fen').value = setupFen(); showBoard(); });
  $('setup-clear').addEventListener('click', () => { board.men = {}; $('fen').value = setupFen(); showBoard(); });
  $('setup-start').addEventListener('click', () => {
    board.men = menFromFen('rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR');
    $('setup-side').value = 'w';
    $('fen').value = setupFen();
    showBoard();
  });
  $('copy-link').addEventListener('click', () => {
    updateUrl();
    if (navigator.clipboard) navigator.clipboard.writeText(location.href).catch(() => {});
    say('The address bar holds the link: ' + location.href);
  });
  $('board').addEventListener('click', boardClicked);
  $('w-start').addEventListener('click', () => { stopPlay(); go(0); });
  $('w-back').addEventListener('click', () => { stopPlay(); go(board.ply - 1); });
  $('w-step').addEventListener('click', () => { stopPlay(); go(board.ply + 1); });
  $('w-end').addEventListener('click', () => { stopPlay(); go(board.line.length); });
  $('w-play').addEventListener('click', play);
  $('flip').addEventListener('click', () => { board.flipped = !board.flipped; showBoard(); });
  $('pgn-file').addEventListener('change', async () => {
    const f = $('pgn-file').files[0];
    if (f) $('pgn').value = await f.text();
  });
  $('audit-run').addEventListener('click', runAudit);
  $('audit-mismatches').addEventListener('change', fillAuditTable);
  $('hm-run').addEventListener('click', solveHelpmate);
  $('cv-run').addEventListener('click', tryConversion);

  const linked = readUrl();
  board.start = $('fen').value.trim();
  if (linked) ask();
  else showBoard();
}

document.addEventListener('DOMContentLoaded', init);

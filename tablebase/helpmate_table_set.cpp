#include "tablebase/helpmate_table_set.hpp"

#include <algorithm>
#include <atomic>

#include "search/board/movegen.hpp"
#include "tablebase/helpmate/table_file.hpp"
#include "tablebase/helpmate/table_index.hpp"

namespace arbiter::tablebase {

using board::Color;
using board::PieceType;
using board::Square;
using helpmate::Material;
using search::TableAnswer;

struct HelpmateTableSet::Entry {
  Material material;
  std::filesystem::path path;
  std::once_flag once;
  std::unique_ptr<helpmate::TableFile> file;
  std::unique_ptr<helpmate::TableIndex> index;
  mutable std::atomic<bool> bad{false};
};

HelpmateTableSet::HelpmateTableSet(std::filesystem::path dir, Warn warn) : dir_(std::move(dir)), warn_(std::move(warn)) {
  std::error_code ec;
  if (!std::filesystem::is_directory(dir_, ec)) return;
  for (const auto& item : std::filesystem::directory_iterator(dir_, ec)) {
    if (item.path().extension() != ".hmt") continue;
    auto m = Material::parse(item.path().stem().string());
    if (!m || !m->canonical() || m->men() < 3) {
      this->warn(item.path().string() + ": not the name of a helpmate table; left out");
      continue;
    }
    auto e = std::make_unique<Entry>();
    e->material = *m;
    e->path = item.path();
    max_men_ = std::max(max_men_, int(m->men()));
    by_key_[m->key()] = {e.get(), false};
    if (!(m->flipped() == *m)) by_key_[m->flipped().key()] = {e.get(), true};
    entries_.emplace(m->key(), std::move(e));
  }
}

HelpmateTableSet::~HelpmateTableSet() = default;

void HelpmateTableSet::warn(const std::string& message) const {
  {
    std::lock_guard lock(warn_mutex_);
    warnings_.push_back(message);
  }
  if (warn_) warn_(message);
}

std::vector<std::string> HelpmateTableSet::warnings() const {
  std::lock_guard lock(warn_mutex_);
  return warnings_;
}

std::vector<Material> HelpmateTableSet::materials() const {
  std::vector<Material> out;
  for (const auto& [key, e] : entries_) out.push_back(e->material);
  std::sort(out.begin(), out.end(),
            [](const Material& a, const Material& b) { return std::pair(a.men(), a.name()) < std::pair(b.men(), b.name()); });
  return out;
}

bool HelpmateTableSet::has(const Material& m) const {
  return entry(m.canonical() ? m : m.flipped()) != nullptr;
}

const HelpmateTableSet::Entry* HelpmateTableSet::entry(const Material& canonical) const {
  auto it = entries_.find(canonical.key());
  return it == entries_.end() ? nullptr : it->second.get();
}

bool HelpmateTableSet::usable(const Entry& e) const {
  auto& m = const_cast<Entry&>(e);
  std::call_once(m.once, [&] {
    auto f = helpmate::TableFile::open(m.path, m.material);
    if (!f) {
      m.bad = true;
      warn(f.error() + "; the helpmate table of " + m.material.name() + " is not used");
      return;
    }
    m.file = std::move(*f);
    m.index = std::make_unique<helpmate::TableIndex>(m.material);
  });
  return !e.bad.load(std::memory_order_acquire);
}

std::string HelpmateTableSet::material_name(const board::Position& pos) const { return Material::of(pos).name(); }

TableAnswer HelpmateTableSet::probe_stored(const board::Position& pos, Color winner, const Entry& e, bool flip) const {
  const helpmate::TableIndex& index = *e.index;
  helpmate::Squares squares{};
  Color to_move = pos.side_to_move();
  if (!flip) {
    squares = index.squares_of(pos);
  } else {
    // The position with the colours swapped and the ranks flipped, in the table's order.
    int slot = 0;
    for (int i = 0; i < index.men(); ++i) {
      const board::Piece p = index.piece(i);
      if (i > 0 && p == index.piece(i - 1)) continue;  // a run of identical men is filled at once
      for (Square s : pos.pieces(~color_of(p), type_of(p))) squares[std::size_t(slot++)] = board::flip_rank(s);
    }
    to_move = ~to_move;
    winner = ~winner;
  }
  const uint64_t slot = index.encode(squares);
  if (slot >= e.file->size()) return {};
  auto v = e.file->value(helpmate::value_offset(winner, to_move, slot, e.file->size()));
  if (!v) {
    if (!e.bad.exchange(true)) warn(v.error() + "; the helpmate table of " + e.material.name() + " is not used");
    return {};
  }
  if (*v == helpmate::kInvalid) return {};
  if (*v == helpmate::kNone) return {TableAnswer::Kind::NoMate, 0};
  return {TableAnswer::Kind::Mate, *v};
}

TableAnswer HelpmateTableSet::probe(const board::Position& pos, Color winner) const {
  if (pos.castling_rights()) return {};
  const auto it = by_key_.find(Material::of(pos).key());
  if (it == by_key_.end()) return {};
  const auto [e, flip] = it->second;
  if (!usable(*e)) return {};
  if (pos.en_passant() == Square::None) return probe_stored(pos, winner, *e, flip);
  // Not stored: one ply of search (every child is stored or one more such ply).
  board::Position p = pos;
  int best = -1;
  for (board::Move move : board::legal_moves(pos)) {
    p.do_move(move);
    TableAnswer child;
    if (Material::of(p).lone_king(winner)) child = {TableAnswer::Kind::NoMate, 0};
    else child = probe(p, winner);
    p.undo_move(move);
    if (!child.covered()) return {};
    if (child.kind == TableAnswer::Kind::Mate && (best < 0 || child.plies + 1 < best)) best = child.plies + 1;
  }
  if (best < 0) return {TableAnswer::Kind::NoMate, 0};
  return {TableAnswer::Kind::Mate, best};
}

}  // namespace arbiter::tablebase

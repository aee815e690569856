#include "tablebase/helpmate/material.hpp"

#include <algorithm>
#include <functional>
#include <set>

namespace arbiter::tablebase::helpmate {

using board::Color;
using board::PieceType;

namespace {

// Piece types in the order names list them (most valuable first), kings left out.
constexpr std::array<PieceType, 5> kOrder{PieceType::Queen, PieceType::Rook, PieceType::Bishop, PieceType::Knight,
                                          PieceType::Pawn};

std::optional<PieceType> type_of_letter(char c) {
  switch (c) {
    case 'Q': return PieceType::Queen;
    case 'R': return PieceType::Rook;
    case 'B': return PieceType::Bishop;
    case 'N': return PieceType::Knight;
    case 'P': return PieceType::Pawn;
    default: return std::nullopt;
  }
}

// A side's strength as a sortable key: its number of men, then the values of its men
// most valuable first (index(PieceType) grows with value: pawn 1 .. queen 5), 0-padded.
std::array<int, 1 + kMaxMen> strength(const Material& m, Color c) {
  std::array<int, 1 + kMaxMen> key{};
  key[0] = m.men(c);
  std::size_t i = 1;
  for (PieceType t : kOrder)
    for (int n = 0; n < m.counts[index(c)][index(t)] && i < key.size(); ++n) key[i++] = index(t);
  return key;
}

}  // namespace

Material Material::of(const board::Position& pos) {
  Material m;
  for (Color c : {Color::White, Color::Black})
    for (PieceType t : kOrder) m.counts[index(c)][index(t)] = uint8_t(pos.pieces(c, t).count());
  return m;
}

std::optional<Material> Material::parse(std::string_view name) {
  Material m;
  int side = -1;
  for (char ch : name) {
    if (ch == 'K' || ch == 'k') {
      if (side >= 1) return std::nullopt;
      ++side;
      continue;
    }
    if (ch == 'v' || ch == 'V') {
      if (side != 0) return std::nullopt;
      continue;
    }
    if (side < 0) return std::nullopt;
    auto t = type_of_letter(char(std::toupper(static_cast<unsigned char>(ch))));
    if (!t) return std::nullopt;
    ++m.counts[std::size_t(side)][index(*t)];
  }
  if (side != 1 || name.find_first_of("vV") == std::string_view::npos) return std::nullopt;
  // The men must come in the canonical order and the v between the kings.
  if (m.name() != [&] {
        std::string upper(name);
        for (char& ch : upper) ch = ch == 'v' || ch == 'V' ? 'v' : char(std::toupper(static_cast<unsigned char>(ch)));
        return upper;
      }())
    return std::nullopt;
  if (m.men() > kMaxMen) return std::nullopt;
  if (m.counts[0][1] > 8 || m.counts[1][1] > 8) return std::nullopt;
  return m;
}

std::string Material::name() const {
  std::string out;
  for (Color c : {Color::White, Color::Black}) {
    if (c == Color::Black) out += 'v';
    out += 'K';
    for (PieceType t : kOrder) out.append(counts[index(c)][index(t)], board::type_char(t));
  }
  return out;
}

int Material::men(Color c) const {
  int n = 0;
  for (PieceType t : kOrder) n += counts[index(c)][index(t)];
  return n;
}

int Material::men() const { return 2 + men(Color::White) + men(Color::Black); }

Material Material::flipped() const {
  Material m;
  m.counts[0] = counts[1];
  m.counts[1] = counts[0];
  return m;
}

bool Material::canonical() const { return strength(*this, Color::White) >= strength(*this, Color::Black); }

uint64_t Material::key() const {
  uint64_t k = 0;
  for (int c = 0; c < 2; ++c)
    for (PieceType t : kOrder) k = k << 4 | counts[std::size_t(c)][index(t)];
  return k;
}

std::vector<Material> all_materials(int max_men) {
  std::vector<Material> out;
  std::set<std::string> seen;
  // Every multiset of men per side, by recursion over the types.
  std::function<void(Material&, int, std::size_t, int)> fill = [&](Material& m, int side, std::size_t from,
                                                                     int left) {
    if (left == 0) {
      if (side == 0) {
        for (int black = 0; m.men() + black <= max_men; ++black) {
          Material b = m;
          fill(b, 1, 0, black);
        }
        return;
      }
      if (m.men() < 3) return;
      Material c = m.canonical() ? m : m.flipped();
      if (seen.insert(c.name()).second) out.push_back(c);
      return;
    }
    for (std::size_t i = from; i < kOrder.size(); ++i) {
      ++m.counts[std::size_t(side)][index(kOrder[i])];
      fill(m, side, i, left - 1);
      --m.counts[std::size_t(side)][index(kOrder[i])];
    }
  };
  for (int white = 0; 2 + white <= max_men; ++white) {
    Material m;
    fill(m, 0, 0, white);
  }
  std::stable_sort(out.begin(), out.end(), [](const Material& a, const Material& b) {
    return std::pair(a.men(), a.name()) < std::pair(b.men(), b.name());
  });
  return out;
}

namespace {

// The canonical materials one capture or promotion leads to (kings-only left out).
std::vector<Material> children(const Material& m) {
  std::vector<Material> out;
  auto add = [&](Material c) {
    if (c.men() <= 2) return;
    out.push_back(c.canonical() ? c : c.flipped());
  };
  for (std::size_t side = 0; side < 2; ++side) {
    for (PieceType t : kOrder) {
      if (!m.counts[side][index(t)]) continue;
      Material c = m;
      --c.counts[side][index(t)];
      add(c);  // this man captured
      if (t == PieceType::Pawn) {
        for (PieceType promo : {PieceType::Queen, PieceType::Rook, PieceType::Bishop, PieceType::Knight}) {
          Material p = m;
          --p.counts[side][index(PieceType::Pawn)];
          ++p.counts[side][index(promo)];
          add(p);
          // Promotion with a capture of any enemy man.
          for (PieceType victim : kOrder) {
            if (victim == PieceType::Pawn || !p.counts[1 - side][index(victim)]) continue;
            Material q = p;
            --q.counts[1 - side][index(victim)];
            add(q);
          }
        }
      }
    }
  }
  return out;
}

}  // namespace

std::vector<Material> build_order(const std::vector<Material>& wanted) {
  std::vector<Material> all;
  std::set<std::string> seen;
  std::function<void(const Material&)> visit = [&](const Material& m) {
    Material c = m.canonical() ? m : m.flipped();
    if (c.men() <= 2 || seen.count(c.name())) return;
    seen.insert(c.name());
    for (const Material& child : children(c)) visit(child);
    all.push_back(c);  // after everything it reads from
  };
  for (const Material& m : wanted) visit(m);
  return all;
}

}  // namespace arbiter::tablebase::helpmate

// The audit of whole games: the board's endings first, then what the tags say, with
// the winnability test behind timeouts and resignations (docs/rules.md §3).
#include <catch2/catch.hpp>

#include "analyzer/game_audit.hpp"
#include "analyzer/loss_adjudication.hpp"
#include "analyzer/termination_tags.hpp"
#include "game_line.hpp"

using namespace arbiter;
using namespace arbiter::analyzer;
using namespace arbiter::test;

namespace {

AuditedGame audit(const GameLine& g, const Tags& tags, std::optional<GameResult> recorded, bool claims = false) {
  WinnabilityAnalyzer analyzer;
  return audit_game(g.start, g.moves, tags, recorded, AuditOptions{claims}, analyzer);
}

const char* kLocked = "7b/1k5B/7b/8/1p1p1p1p/1PpP1P1P/2P3K1/N7 b - - 0 1";  // Black can never mate

}  // namespace

TEST_CASE("Audit: a checkmate decides the game and a wrong recorded result is a mismatch", "[audit]") {
  auto g = game("f3 e5 g4 Qh4#");
  auto right = audit(g, {{"Termination", "Normal"}}, GameResult::BlackWins);
  CHECK(right.ending == Ending::Checkmate);
  CHECK(right.ply == 4);
  CHECK(right.correct == GameResult::BlackWins);
  CHECK(right.basis == "moves");
  CHECK_FALSE(right.mismatch);
  auto wrong = audit(g, {}, GameResult::Draw);
  CHECK(wrong.correct == GameResult::BlackWins);
  CHECK(wrong.mismatch);
}

TEST_CASE("Audit: a stalemate is a draw whatever was recorded", "[audit]") {
  auto g = game("e3 a5 Qh5 Ra6 Qxa5 h5 h4 Rah6 Qxc7 f6 Qxd7+ Kf7 Qxb7 Qd3 Qxb8 Qh7 Qxc8 Kg6 Qe6");
  auto a = audit(g, {}, GameResult::WhiteWins);
  CHECK(a.ending == Ending::Stalemate);
  CHECK(a.ply == 19);
  CHECK(a.correct == GameResult::Draw);
  CHECK(a.mismatch);
}

TEST_CASE("Audit: a dead position mid-game ends it, the moves after it are void", "[audit]") {
  auto g = game("4k3/8/8/8/8/8/3r4/3NK3 w - - 0 1", "Kxd2 Ke7 Nb2 Ke6");
  auto a = audit(g, {{"Termination", "Time forfeit"}}, GameResult::BlackWins);
  CHECK(a.ending == Ending::DeadPosition);
  CHECK(a.ply == 1);
  CHECK(a.void_plies == 3);
  CHECK(a.correct == GameResult::Draw);
  CHECK(a.mismatch);
}

TEST_CASE("Audit: fivefold repetition ends the game without a claim", "[audit]") {
  auto g = game(repeat("Nf3 Nf6 Ng1 Ng8", 6));
  auto a = audit(g, {}, GameResult::WhiteWins);
  CHECK(a.ending == Ending::Fivefold);
  CHECK(a.ply == 16);
  CHECK(a.void_plies == 8);
  CHECK(a.correct == GameResult::Draw);
}

TEST_CASE("Audit: the 75-move rule, and a mate on the completing move", "[audit]") {
  auto drawn = audit(game("4k3/8/8/8/8/8/8/R3K3 w - - 148 80", "Kd1 Kd8"), {}, GameResult::WhiteWins);
  CHECK(drawn.ending == Ending::SeventyFive);
  CHECK(drawn.correct == GameResult::Draw);
  auto mated = audit(game("k7/8/1K6/8/8/8/8/7R w - - 149 80", "Rh8#"), {}, GameResult::WhiteWins);
  CHECK(mated.ending == Ending::Checkmate);
  CHECK(mated.correct == GameResult::WhiteWins);
  CHECK_FALSE(mated.mismatch);
}

TEST_CASE("Audit: a timeout against a lone king is a draw", "[audit][timeout]") {
  // White (to move, so its clock runs) flags; Black has only its king.
  auto g = game("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1", "e4 Kd7");
  auto a = audit(g, {{"Termination", "Time forfeit"}}, GameResult::BlackWins);
  CHECK(a.ending == Ending::Timeout);
  CHECK(a.correct == GameResult::Draw);
  CHECK(a.mismatch);
  CHECK(a.basis == "Termination \"Time forfeit\"");
}

TEST_CASE("Audit: king and knight against king and pawn win on time", "[audit][timeout]") {
  // chess.com scores this a draw; under Article 6.9 White wins: a helpmate exists.
  auto g = game("8/8/8/4k3/4p3/8/8/KN6 w - - 0 1", "Nc3");
  auto a = audit(g, {{"Termination", "Game drawn by timeout vs insufficient material"}}, GameResult::Draw);
  CHECK(a.ending == Ending::Timeout);
  CHECK(a.correct == GameResult::WhiteWins);
  CHECK(a.mismatch);
}

TEST_CASE("Audit: a timeout in a locked position the flagged side's opponent cannot open is a draw",
          "[audit][timeout]") {
  auto g = game(kLocked, "Kc7");  // White to move and flags; Black can never mate
  auto a = audit(g, {{"Termination", "Time forfeit"}}, GameResult::BlackWins);
  CHECK(a.ending == Ending::Timeout);
  CHECK(a.correct == GameResult::Draw);
}

TEST_CASE("Audit: a chess.com tag names the player who won on time", "[audit][timeout]") {
  auto g = game("e4 e5");  // White to move, but the tag says White won: Black flagged
  auto a = audit(g, {{"White", "alice"}, {"Black", "bob"}, {"Termination", "alice won on time"}},
                 GameResult::WhiteWins);
  CHECK(a.ending == Ending::Timeout);
  CHECK(a.correct == GameResult::WhiteWins);
  CHECK_FALSE(a.mismatch);
}

TEST_CASE("Audit: resignations in live and in dead positions", "[audit][resign]") {
  auto live = audit(game("e4 e5 Qh5"), {{"Termination", "Normal"}}, GameResult::WhiteWins);
  CHECK(live.ending == Ending::Resignation);
  CHECK(live.correct == GameResult::WhiteWins);
  CHECK_FALSE(live.mismatch);
  // Bishops on squares of one colour: dead from the start, so the resignation came too late.
  auto dead = audit(game("8/8/8/4k3/8/8/8/KB3b2 w - - 0 1", "Ka2"),
                    {{"White", "a"}, {"Black", "b"}, {"Termination", "b won by resignation"}}, GameResult::BlackWins);
  CHECK(dead.ending == Ending::DeadPosition);
  CHECK(dead.ply == 0);
  CHECK(dead.correct == GameResult::Draw);
  CHECK(dead.mismatch);
  // A resignation where the opponent cannot mate (but the resigning side could): a draw.
  auto locked = audit(game(kLocked, "Kc7"), {{"Termination", "Normal"}}, GameResult::BlackWins);
  CHECK(locked.ending == Ending::Resignation);
  CHECK(locked.correct == GameResult::Draw);
  CHECK(locked.mismatch);
}

TEST_CASE("Audit: recorded draws by agreement, by a valid claim and by a claim the moves do not support",
          "[audit][claims]") {
  auto agreed = audit(game("e4 e5 Nf3"), {}, GameResult::Draw);
  CHECK(agreed.ending == Ending::Agreement);
  CHECK(agreed.correct == GameResult::Draw);
  auto repeated = audit(game(repeat("Nf3 Nf6 Ng1 Ng8", 2)), {{"Termination", "Game drawn by repetition"}},
                        GameResult::Draw);
  CHECK(repeated.ending == Ending::Threefold);  // the start position stands for the third time
  auto early = audit(game("Nf3 Nf6 Ng1 Ng8"), {{"Termination", "Game drawn by repetition"}}, GameResult::Draw);
  CHECK(early.ending == Ending::Agreement);
  CHECK(early.correct == GameResult::Draw);
}

TEST_CASE("Audit: a server's insufficient-material draw where a mate is still possible", "[audit]") {
  // Knight against knight: either side can still be mated in a corner with help.
  auto g = game("4k3/8/8/8/8/8/8/1N1nK3 w - - 0 1", "Ke2");
  auto a = audit(g, {{"Termination", "Game drawn by insufficient material"}}, GameResult::Draw);
  // #18.6: named for what it is — the server ended a game the Laws had not — with a mating line.
  CHECK(a.ending == Ending::NotOver);
  CHECK(std::string(to_string(a.ending)) == "not-over");
  CHECK(a.correct == GameResult::Unfinished);
  CHECK(a.mismatch);
  CHECK(a.reason.find("the Laws had not ended it") != std::string::npos);
  CHECK(a.reason.find("#") != std::string::npos);  // the witness, in SAN, ends in mate
  CHECK(a.reason.find("unfinished") == std::string::npos);
}

TEST_CASE("#18.7 a draw the tag calls an agreement stays an agreement, repetition or not", "[audit][claims]") {
  auto g = game(repeat("Nf3 Nf6 Ng1 Ng8", 2));  // a threefold claim would have been valid
  auto a = audit(g, {{"Termination", "Game drawn by agreement"}}, GameResult::Draw);
  CHECK(a.ending == Ending::Agreement);
  CHECK(a.correct == GameResult::Draw);
  CHECK(a.reason.find("do not name the ending") == std::string::npos);
}

TEST_CASE("#18.5 a time forfeit: the Result names the loser, and a conflict with the side to move is reported",
          "[audit][timeout]") {
  // K+R against K, White to move at the end, Result 1-0: Black flagged, not White.
  auto g = game("8/8/8/4k3/8/8/8/R3K3 w - - 0 1", "Kd2 Kd5");
  auto a = audit(g, {{"Termination", "Time forfeit"}}, GameResult::WhiteWins);
  CHECK(a.ending == Ending::Timeout);
  CHECK(a.correct == GameResult::WhiteWins);
  CHECK_FALSE(a.mismatch);
  CHECK(a.conflict.find("White was to move") != std::string::npos);
  // The same with Black to move: the evidence agrees, no conflict.
  auto agree = audit(game("8/8/8/4k3/8/8/8/R3K3 w - - 0 1", "Kd2"), {{"Termination", "Time forfeit"}},
                     GameResult::WhiteWins);
  CHECK(agree.correct == GameResult::WhiteWins);
  CHECK(agree.conflict.empty());
  // A draw names no loser: the side to move flagged, as before.
  auto drawn = audit(g, {{"Termination", "Time forfeit"}}, GameResult::Draw);
  CHECK(drawn.correct == GameResult::Draw);  // White flagged; a lone black king cannot mate
  CHECK(drawn.conflict.empty());
  // A tag naming the side against the Result: the tag is followed, the conflict reported.
  auto named = audit(g, {{"White", "alice"}, {"Black", "bob"}, {"Termination", "bob won on time"}},
                     GameResult::WhiteWins);
  CHECK(named.correct == GameResult::Draw);  // White flagged; a lone black king cannot mate
  CHECK(named.mismatch);
  CHECK_FALSE(named.conflict.empty());
}

TEST_CASE("Audit: an unfinished game stays unfinished", "[audit]") {
  auto a = audit(game("e4"), {}, GameResult::Unfinished);
  CHECK(a.ending == Ending::Unfinished);
  CHECK(a.correct == GameResult::Unfinished);
  CHECK_FALSE(a.mismatch);
}

TEST_CASE("Audit --claims reports the first valid threefold and 50-move claims", "[audit][claims]") {
  auto a = audit(game(repeat("Nf3 Nf6 Ng1 Ng8", 3)), {}, GameResult::Draw, true);
  REQUIRE(a.threefold);
  CHECK(a.threefold->ply == 7);
  CHECK_FALSE(a.fifty);
}

TEST_CASE("Termination tags of Lichess, chess.com and engine tournaments", "[audit][tags]") {
  using K = TagEnding::Kind;
  Tags names{{"White", "Carlsen"}, {"Black", "Nakamura"}};
  auto with = [&](std::string tag, std::string value) {
    Tags t = names;
    t.emplace_back(std::move(tag), std::move(value));
    return read_termination(t);
  };
  CHECK(with("Termination", "Time forfeit").kind == K::Timeout);
  CHECK_FALSE(with("Termination", "Time forfeit").loser);
  auto won = with("Termination", "Nakamura won on time");
  CHECK(won.kind == K::Timeout);
  CHECK(won.loser == board::Color::White);
  CHECK(with("Termination", "Carlsen won by resignation").loser == board::Color::Black);
  CHECK(with("Termination", "Game drawn by timeout vs insufficient material").kind == K::TimeoutVsInsufficient);
  CHECK(with("Termination", "Game drawn by repetition").kind == K::Repetition);
  CHECK(with("Termination", "Nakamura won - game abandoned").kind == K::Abandoned);
  CHECK(with("Termination", "Abandoned").kind == K::Abandoned);
  CHECK(with("Termination", "Rules infraction").kind == K::RulesInfraction);
  auto engine = with("TerminationDetails", "White loses on time");
  CHECK(engine.kind == K::Timeout);
  CHECK(engine.loser == board::Color::White);
  CHECK(with("TerminationDetails", "Draw by 3-fold repetition").kind == K::Repetition);
  CHECK(with("Termination", "Normal").kind == K::Normal);
  CHECK(read_termination(names).kind == K::Unknown);
}

TEST_CASE("Loss adjudication on a position: timeout and resignation", "[timeout][resign]") {
  WinnabilityAnalyzer analyzer;
  auto lone = adjudicate_loss(pos("8/8/8/4k3/8/8/8/KN6 w - - 0 1"), board::Color::Black, LossKind::Timeout, analyzer);
  CHECK(lone.result == GameResult::Draw);
  CHECK(lone.reason.find("Black ran out of time, but White cannot checkmate") == 0);
  auto pawn = adjudicate_loss(pos("8/8/8/4k3/4p3/8/8/KN6 w - - 0 1"), board::Color::Black, LossKind::Timeout, analyzer);
  CHECK(pawn.result == GameResult::WhiteWins);
  REQUIRE(pawn.winnability);
  CHECK(pawn.winnability->outcome == search::Outcome::Winnable);
  auto resign = adjudicate_loss(pos("2b1k3/8/8/1p1p1p1p/1P1P1P1P/8/8/2B1K3 w - - 0 1"), board::Color::White,
                                LossKind::Resignation, analyzer);
  CHECK(resign.result == GameResult::Draw);
  REQUIRE(resign.winnability);
  CHECK(resign.winnability->reason == search::Reason::Blocked);
  auto mated = adjudicate_loss(pos("k7/1QK5/8/8/8/8/8/8 b - - 0 1"), board::Color::Black, LossKind::Timeout, analyzer);
  CHECK(mated.result == GameResult::WhiteWins);
  CHECK_FALSE(mated.winnability);
}

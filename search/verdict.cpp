#include "search/verdict.hpp"

namespace arbiter::search {

const char* to_string(Outcome o) {
  switch (o) {
    case Outcome::Winnable: return "winnable";
    case Outcome::Unwinnable: return "unwinnable";
    default: return "undetermined";
  }
}

const char* to_string(Reason r) {
  switch (r) {
    case Reason::Helpmate: return "helpmate";
    case Reason::GameOver: return "game-over";
    case Reason::InsufficientMaterial: return "insufficient-material";
    case Reason::Blocked: return "blocked";
    case Reason::Exhaustive: return "exhaustive";
    case Reason::Tablebase: return "tablebase";
    case Reason::Cache: return "cache";
    case Reason::NodeLimit: return "node-limit";
    case Reason::TimeLimit: return "time-limit";
    case Reason::Cancelled: return "cancelled";
  }
  return "unknown";
}

}  // namespace arbiter::search

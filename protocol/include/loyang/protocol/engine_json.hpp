#pragma once
/// JSON for the engine's types, in one include: commands (command_json.hpp), options
/// (options_json.hpp), the game state and views (state_json.hpp) and fixed setups
/// (setup_json.hpp). Readers never throw: they return parsed<T> (parse_result.hpp).
#include "loyang/protocol/command_json.hpp"
#include "loyang/protocol/options_json.hpp"
#include "loyang/protocol/parse_result.hpp"
#include "loyang/protocol/setup_json.hpp"
#include "loyang/protocol/state_json.hpp"

// Engine events per kind: the exact events of commands a player would recognise, from fixed
// setups (fixture.hpp).
#include "fixture.hpp"
#include "loyang/engine/events.hpp"

using namespace loyang::engine;
using namespace loyang::engine::test;

// libFuzzer target: JSON Patch (protocol::apply_patch) and the server's own diff
// (protocol::diff). The input is a JSON array [a, b]: b is applied to a as a patch, and
// diff(a, b) is applied to a. Properties: nothing throws or crashes; a patch that does not fit
// gives bad_patch; diff(a, b) applied to a gives exactly b; a successful patch's result r is
// again reached by diff(a, r).
#include "fuzz_support.hpp"
#include "loyang/protocol/patch.hpp"

using namespace loyang;

namespace {

void require_inverse(const nlohmann::json& a, const nlohmann::json& b) {
  const auto ops = protocol::diff(a, b);
  fuzz::require(ops.is_array(), "diff is not an array");
  // Equal documents need not give an empty diff: nlohmann keeps 0 and -0 as an unsigned and
  // a signed integer, equal and both written "0", and the diff replaces one with the other
  // (found by this target; harmless, and what matters is checked below).
  const auto patched = protocol::apply_patch(a, ops);
  fuzz::require(patched.ok(), "diff(a, b) does not apply to a: " + ops.dump());
  fuzz::require(patched.value() == b, "diff(a, b) applied to a is not b: " + ops.dump());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto j = fuzz::read_json(fuzz::as_text(data, size));
  if (!j || !j->is_array() || j->size() != 2) return 0;
  const auto& a = (*j)[0];
  const auto& b = (*j)[1];
  const auto r = protocol::apply_patch(a, b);
  if (r) {
    require_inverse(a, r.value());
  } else {
    fuzz::require(r.error().code == "bad_patch", "undocumented patch error " + r.error().code);
  }
  require_inverse(a, b);
  return 0;
}

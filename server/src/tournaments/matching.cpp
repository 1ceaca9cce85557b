// Edmonds' blossom algorithm, one breadth-first search per free vertex: an odd cycle found in
// the search (a blossom) is contracted by pointing its vertices at a common base, and an
// augmenting path, once found, is flipped along the parent links. A vertex from which no
// augmenting path starts never gets one later in the same run (Edmonds), so one pass over
// the free vertices reaches a maximum matching.
#include "matching.hpp"

#include <algorithm>

namespace loyang::server::tournaments::detail {

namespace {

class blossom_search {
 public:
  blossom_search(const adjacency_matrix& adjacency, const std::vector<char>& alive, std::vector<int>& mate)
      : adjacency_(adjacency),
        alive_(alive),
        mate_(mate),
        n_(static_cast<int>(mate.size())),
        parent_(mate.size()),
        base_(mate.size()),
        outer_(mate.size()),
        in_blossom_(mate.size()),
        on_path_(mate.size()) {}

  /// Grows the matching by one along a path from the free vertex `root`, if there is one.
  bool augment_from(int root) {
    auto v = free_end_from(root);
    if (v < 0) return false;
    while (v >= 0) {
      const auto p = parent_[v];
      const auto next = mate_[p];
      mate_[v] = p;
      mate_[p] = v;
      v = next;
    }
    return true;
  }

 private:
  /// The base of the blossom that joins the tree paths of a and b (both outer vertices).
  int common_base(int a, int b) {
    std::fill(on_path_.begin(), on_path_.end(), 0);
    for (;;) {
      a = base_[a];
      on_path_[a] = 1;
      if (mate_[a] < 0) break;  // the root
      a = parent_[mate_[a]];
    }
    for (;;) {
      b = base_[b];
      if (on_path_[b]) return b;
      b = parent_[mate_[b]];
    }
  }

  /// Marks the blossom's part from v down to base b, pointing parents across the new edge.
  void mark_path(int v, int b, int child) {
    while (base_[v] != b) {
      in_blossom_[base_[v]] = 1;
      in_blossom_[base_[mate_[v]]] = 1;
      parent_[v] = child;
      child = mate_[v];
      v = parent_[mate_[v]];
    }
  }

  /// Searches from `root`; returns a free vertex reached by an augmenting path, or -1.
  int free_end_from(int root) {
    std::fill(parent_.begin(), parent_.end(), -1);
    std::fill(outer_.begin(), outer_.end(), 0);
    for (int i = 0; i < n_; ++i) base_[i] = i;
    queue_.assign(1, root);
    outer_[root] = 1;
    for (std::size_t head = 0; head < queue_.size(); ++head) {
      const auto v = queue_[head];
      for (int to = 0; to < n_; ++to) {
        if (!alive_[to] || !adjacency_[v][to] || base_[v] == base_[to] || mate_[v] == to) continue;
        if (to == root || (mate_[to] >= 0 && parent_[mate_[to]] >= 0)) {
          // `to` is outer too: an odd cycle, contracted onto its base.
          const auto b = common_base(v, to);
          std::fill(in_blossom_.begin(), in_blossom_.end(), 0);
          mark_path(v, b, to);
          mark_path(to, b, v);
          for (int i = 0; i < n_; ++i) {
            if (!in_blossom_[base_[i]]) continue;
            base_[i] = b;
            if (!outer_[i]) {
              outer_[i] = 1;
              queue_.push_back(i);
            }
          }
        } else if (parent_[to] < 0) {
          parent_[to] = v;
          if (mate_[to] < 0) return to;
          outer_[mate_[to]] = 1;
          queue_.push_back(mate_[to]);
        }
      }
    }
    return -1;
  }

  const adjacency_matrix& adjacency_;
  const std::vector<char>& alive_;
  std::vector<int>& mate_;
  int n_;
  std::vector<int> parent_;
  std::vector<int> base_;
  std::vector<char> outer_;
  std::vector<char> in_blossom_;
  std::vector<char> on_path_;
  std::vector<int> queue_;
};

}  // namespace

std::vector<int> maximum_matching(const adjacency_matrix& adjacency, const std::vector<char>& alive,
                                  std::vector<int> mate) {
  blossom_search search(adjacency, alive, mate);
  for (int v = 0; v < static_cast<int>(mate.size()); ++v) {
    if (alive[v] && mate[v] < 0) search.augment_from(v);
  }
  return mate;
}

int matching_size(const std::vector<int>& mate) {
  return static_cast<int>(std::count_if(mate.begin(), mate.end(), [](int m) { return m >= 0; })) / 2;
}

}  // namespace loyang::server::tournaments::detail

#pragma once
// Internal: a maximum matching in a general graph (Edmonds' blossom algorithm), the exact
// tool behind Swiss pairing's promise that a rematch-free pairing is found whenever one
// exists. Vertices are 0..n-1; the graph is an adjacency matrix restricted to `alive` ones.
#include <vector>

namespace loyang::server::tournaments::detail {

/// adjacency[a][b] != 0: a and b may be paired (symmetric, no loops).
using adjacency_matrix = std::vector<std::vector<char>>;

/// A maximum matching among the vertices v with alive[v] != 0, grown from `mate` (mate[v] is
/// v's partner or -1; it must already be a matching of alive vertices along edges of the
/// graph). Returns the grown `mate`. O(n^3) from scratch; from a matching that lacks only a
/// few edges of a maximum one, about n^2 per missing edge.
std::vector<int> maximum_matching(const adjacency_matrix& adjacency, const std::vector<char>& alive,
                                  std::vector<int> mate);

/// How many pairs `mate` holds.
int matching_size(const std::vector<int>& mate);

}  // namespace loyang::server::tournaments::detail

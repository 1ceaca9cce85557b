// The PostgreSQL tests' main: exit status 77 (CTest's "skipped") when PostgreSQL is not
// installed, else the cluster is started before the first test and stopped after the last.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <iostream>

#include "store_fixture.hpp"

int main(int argc, char** argv) {
  if (!loyang::test::pg_cluster::find_bin()) {
    std::cout << "PostgreSQL's initdb and pg_ctl are not installed (apt-get install postgresql): skipped\n";
    return 77;
  }
  if (loyang::test::shared_pg_cluster() == nullptr) return 1;
  return Catch::Session().run(argc, argv);
}

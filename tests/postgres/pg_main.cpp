// The PostgreSQL tests' main: exit status 77 (CTest's "skipped") when PostgreSQL is not
// installed, else the cluster is started before the first test and stopped after the last; 77
// also when a test could not run for a missing program (skipped_because) and none failed.
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
  const int failed = Catch::Session().run(argc, argv);
  if (failed == 0 && !loyang::test::skipped_because().empty()) {
    std::cout << loyang::test::skipped_because() << ": skipped\n";
    return 77;
  }
  return failed;
}

// The notification tests need a real SMTP server: without python3 and aiosmtpd they are
// skipped (77), saying so; scripts/install-deps.sh installs both.
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <cstdio>
#include <cstdlib>

int main(int argc, char* argv[]) {
  if (std::system("/usr/bin/python3 -c 'import aiosmtpd' 2>/dev/null") != 0) {
    std::puts("SKIP: the notification tests need /usr/bin/python3 with aiosmtpd (python3-aiosmtpd); "
              "run scripts/install-deps.sh");
    return 77;
  }
  return Catch::Session().run(argc, argv);
}

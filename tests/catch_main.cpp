// The one translation unit that builds Catch2's runner; every test program links it.
#define CATCH_CONFIG_MAIN
#include <catch2/catch.hpp>

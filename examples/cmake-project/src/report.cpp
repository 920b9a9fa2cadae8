// Prints one result line; has no requests, so ddx never sees it.
#include <cstdio>

void report(const char *what, double ddx_value, const char *against,
            double check) {
  std::printf("%-8s ddx % .12f   %-17s % .12f\n", what, ddx_value, against,
              check);
}

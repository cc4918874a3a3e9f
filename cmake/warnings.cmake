# The project's compiler warnings, as errors: the main build (coin_options) and the fuzz
# build (tests/fuzz, a project of its own) share them.
set(COIN_WARNINGS
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion -Wold-style-cast
  -Wnon-virtual-dtor -Woverloaded-virtual -Wnull-dereference -Wformat=2 -Werror)

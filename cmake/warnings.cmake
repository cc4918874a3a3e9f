# The project's compiler warnings: the main build (coin_options) and the fuzz build
# (tests/fuzz, a project of its own) share them. They are errors unless a packager whose
# compiler warns of more turns that off: cmake -DCOIN_WERROR=OFF.
option(COIN_WERROR "Treat compiler warnings as errors" ON)
set(COIN_WARNINGS
  -Wall -Wextra -Wpedantic -Wshadow -Wconversion -Wsign-conversion -Wold-style-cast
  -Wnon-virtual-dtor -Woverloaded-virtual -Wnull-dereference -Wformat=2)
if(COIN_WERROR)
  list(APPEND COIN_WARNINGS -Werror)
endif()

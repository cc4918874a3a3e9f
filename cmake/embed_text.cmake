# cmake -DINPUT=<file> -DOUTPUT=<file.cpp> -DNAME=<namespace::variable> -P embed_text.cmake:
# writes a C++ source that defines `const std::string_view <NAME>` holding INPUT's bytes (a raw
# string literal; INPUT must not contain its delimiter, `)embedded"`).
file(READ "${INPUT}" text)
string(FIND "${text}" ")embedded\"" clash)
if(NOT clash EQUAL -1)
  message(FATAL_ERROR "${INPUT} contains the raw string's delimiter")
endif()
string(REGEX REPLACE "::[^:]*$" "" namespace "${NAME}")
string(REGEX REPLACE "^.*::" "" variable "${NAME}")
# The size is the array's, not strlen's: a constant however long the text (past GCC's constexpr
# loop limit, strlen would run at start-up, after other files' static objects read the text).
file(WRITE "${OUTPUT}.new" "// Generated from ${INPUT} by cmake/embed_text.cmake.\n#include <string_view>\n\nnamespace ${namespace} {\nnamespace {\nconstexpr char text[] = R\"embedded(${text})embedded\";\n}  // namespace\nextern const std::string_view ${variable};\nconst std::string_view ${variable}(text, sizeof text - 1);\n}  // namespace ${namespace}\n")
file(COPY_FILE "${OUTPUT}.new" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.new")

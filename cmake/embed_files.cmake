# cmake -DOUT=file.cpp -DFILES="dir/a.json;dir/b.json" -DBASE=dir -DHEADER=embedded.hpp
#       -DNAMESPACE=loyang::server::x -DFROM="web/i18n" -P embed_files.cmake
# Writes a C++ file holding each file's bytes as an array (whatever they contain: quotes,
# backslashes, any UTF-8) and a table of {name, text}, the name being the file's path under
# BASE ("fr.json", "schema/view.schema.json"): the `embedded_files()` HEADER declares.
set(body "// Generated from ${FROM} by cmake/embed_files.cmake: do not edit.\n")
string(APPEND body "#include \"${HEADER}\"\n\nnamespace ${NAMESPACE} {\nnamespace {\n\n")
set(table "")
set(n 0)
foreach(file IN LISTS FILES)
  file(RELATIVE_PATH name ${BASE} ${file})
  file(READ ${file} hex HEX)
  file(SIZE ${file} size)
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "'\\\\x\\1'," bytes "${hex}")
  # A line break every 32 bytes keeps the file readable for compilers and people.
  string(REGEX REPLACE "(('[^']+',){32})" "\\1\n" bytes "${bytes}")
  string(APPEND body "// ${name}\nconst char file_${n}[] = {\n${bytes}'\\0'};\n\n")
  string(APPEND table "    {\"${name}\", {file_${n}, ${size}}},\n")
  math(EXPR n "${n} + 1")
endforeach()
string(APPEND body "}  // namespace\n\nstd::span<const embedded_file> embedded_files() {\n")
string(APPEND body "  static const embedded_file files[] = {\n${table}    {\"\", {}}};\n")
string(APPEND body "  return {files, ${n}};\n}\n\n}  // namespace ${NAMESPACE}\n")
file(WRITE ${OUT}.tmp "${body}")
# Unchanged text keeps the object file (and everything linked with it) as it is.
file(COPY_FILE ${OUT}.tmp ${OUT} ONLY_IF_DIFFERENT)
file(REMOVE ${OUT}.tmp)

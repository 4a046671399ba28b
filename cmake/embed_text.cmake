# Writes a C++ source that defines a char array holding a text file, so that the binary
# carries the file: cmake -DIN=file -DOUT=source.cpp -DNAME=kName -DHEADER=dir/name.h
# -DNAMESPACE=ns -P this file.
file(READ "${IN}" text)
if(text MATCHES "\\)pamir_embedded\"")
  message(FATAL_ERROR "${IN} contains the raw string's closing delimiter")
endif()
file(WRITE "${OUT}.tmp" "// Generated from ${IN} by cmake/embed_text.cmake: edit that file.\n"
     "#include \"${HEADER}\"\n\nnamespace ${NAMESPACE} {\n\nconst char ${NAME}[] = R\"pamir_embedded(${text})pamir_embedded\";\n\n}\n")
file(RENAME "${OUT}.tmp" "${OUT}")

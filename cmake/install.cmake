# What `cmake --install` (and scripts/install) puts under the prefix: the program, its man
# page and bash completion (both generated at build time from the program's own --help,
# so neither can drift from it), and the documents.
include(GNUInstallDirs)

set(ARBITER_MAN_PAGE ${PROJECT_BINARY_DIR}/arbiter.1)
set(ARBITER_COMPLETION ${PROJECT_BINARY_DIR}/arbiter.bash-completion)
find_program(HELP2MAN help2man)
if(HELP2MAN)
  add_custom_command(OUTPUT ${ARBITER_MAN_PAGE}
    COMMAND ${PROJECT_SOURCE_DIR}/scripts/gen/man $<TARGET_FILE:arbiter> ${ARBITER_MAN_PAGE}
    DEPENDS arbiter arbiter-serve ${PROJECT_SOURCE_DIR}/scripts/gen/man
    COMMENT "Generating the man page arbiter.1 from arbiter --help")
else()
  message(WARNING "help2man not found (scripts/install-deps installs it): no man page")
endif()
add_custom_command(OUTPUT ${ARBITER_COMPLETION}
  COMMAND ${PROJECT_SOURCE_DIR}/scripts/gen/completion $<TARGET_FILE:arbiter> ${ARBITER_COMPLETION}
  DEPENDS arbiter arbiter-serve ${PROJECT_SOURCE_DIR}/scripts/gen/completion
  COMMENT "Generating the bash completion from arbiter --help")
add_custom_target(arbiter_docs ALL DEPENDS ${ARBITER_COMPLETION} $<$<BOOL:${HELP2MAN}>:${ARBITER_MAN_PAGE}>)

install(TARGETS arbiter RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# Run by `arbiter serve`, which looks for it here relative to BINDIR (analyzer/cli).
install(TARGETS arbiter-serve RUNTIME DESTINATION ${CMAKE_INSTALL_LIBEXECDIR}/arbiter)
if(HELP2MAN)
  install(FILES ${ARBITER_MAN_PAGE} DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
endif()
install(FILES ${ARBITER_COMPLETION} DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions
        RENAME arbiter)
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs)

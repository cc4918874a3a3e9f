# The Debian package, coin-api_<version>_amd64.deb (make deb: cpack in build/release), laid out
# as the table in docs/deploying.md's "The Debian package" says; tests/package/install_test.sh
# installs it and checks that table. Relative destinations are below /usr.
set(coin_share share/coin-api)  # what the scripts need, at their places in the repository
set(coin_doc share/doc/coin-api)

# Every binary CMake puts in handlers/ (add_handler's, the publisher, the indexer...), so that a
# new one is packaged with no change here.
get_property(targets DIRECTORY ${PROJECT_SOURCE_DIR} PROPERTY BUILDSYSTEM_TARGETS)
foreach(target IN LISTS targets)
  get_target_property(directory ${target} RUNTIME_OUTPUT_DIRECTORY)
  if(directory STREQUAL "${PROJECT_BINARY_DIR}/handlers")
    list(APPEND coin_binaries ${target})
  endif()
endforeach()
install(TARGETS ${coin_binaries} RUNTIME DESTINATION lib/coin-api)

# Where Debian 12's own packages put units (lintian's systemd check expects it), and the
# services' system users (the postinst runs systemd-sysusers).
install(DIRECTORY deploy/systemd/ DESTINATION /lib/systemd/system)
install(FILES deploy/sysusers/coin-api.conf DESTINATION lib/sysusers.d)

# Their settings: conffiles, so an upgrade keeps a host's edits. Readable by root only, as
# they may hold a PGPASSWORD; systemd reads them before it drops to the services' users.
set(coin_conffiles handlers.env indexer.env)
list(TRANSFORM coin_conffiles PREPEND deploy/ OUTPUT_VARIABLE coin_conffile_sources)
install(FILES ${coin_conffile_sources} DESTINATION /etc/coin-api
  PERMISSIONS OWNER_READ OWNER_WRITE GROUP_READ)
list(TRANSFORM coin_conffiles PREPEND /etc/coin-api/)
# The rotation of nginx's access log in /var/log/coin-api, a conffile too.
install(FILES deploy/logrotate/coin-api DESTINATION /etc/logrotate.d)
list(APPEND coin_conffiles /etc/logrotate.d/coin-api)
# certbot's deploy hook, which reloads nginx on a renewed certificate, a conffile too.
install(PROGRAMS deploy/certbot/coin-api-nginx DESTINATION /etc/letsencrypt/renewal-hooks/deploy)
list(APPEND coin_conffiles /etc/letsencrypt/renewal-hooks/deploy/coin-api-nginx)
list(JOIN coin_conffiles "\n" coin_conffiles)
file(WRITE ${PROJECT_BINARY_DIR}/debian/conffiles "${coin_conffiles}\n")

# Production's scripts: the folder scripts/package/, whole, as /usr/share/coin-api/scripts/ (the
# paths operators are given; its lib.sh finds the tree around it from either place). The other
# folders of scripts/ (dev/, test/, bench/) need the repository, its build or its node_modules.
install(DIRECTORY scripts/package/ DESTINATION ${coin_share}/scripts USE_SOURCE_PERMISSIONS)
install(DIRECTORY nginx sql web openapi DESTINATION ${coin_share})
install(DIRECTORY deploy/monitoring/ DESTINATION ${coin_share}/monitoring)
# The files render_pages (scripts/package/lib.sh) copies from node_modules, at the same paths,
# so that it works from /usr/share/coin-api as from the repository (the package test renders
# there).
install(FILES node_modules/uplot/dist/uPlot.iife.min.js node_modules/uplot/dist/uPlot.min.css
  DESTINATION ${coin_share}/node_modules/uplot/dist)
install(FILES node_modules/swagger-ui-dist/swagger-ui-bundle.js
  node_modules/swagger-ui-dist/swagger-ui-bundle.js.LICENSE.txt node_modules/swagger-ui-dist/swagger-ui.css
  DESTINATION ${coin_share}/node_modules/swagger-ui-dist)

# The changelog, whose newest entry is the version (CMakeLists.txt reads it); Debian wants it
# compressed, and changelog.gz for a native package (a version without a Debian revision).
execute_process(COMMAND gzip -9 -n -c ${PROJECT_SOURCE_DIR}/deploy/debian/changelog
  OUTPUT_FILE ${PROJECT_BINARY_DIR}/debian/changelog.gz COMMAND_ERROR_IS_FATAL ANY)
install(FILES README.md deploy/debian/copyright ${PROJECT_BINARY_DIR}/debian/changelog.gz
  DESTINATION ${coin_doc})
install(DIRECTORY docs DESTINATION ${coin_doc})  # docs/ beside README.md, as its links expect
install(FILES deploy/indexer.example.json DESTINATION ${coin_doc}/examples)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME coin-api)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER
  "Seed 17d7c0b0 maintainers <maintainers@users.noreply.a-seed-17d7c0b0.example>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "public HTTP API of the COIN stablecoin (FastCGI, nginx, PostgreSQL)")
set(CPACK_PACKAGE_DESCRIPTION "A read-only HTTP API for a dollar-pegged stablecoin and its staked form on\n\
each of its chains: supply, savings yield, collateral, Vaults and allocator\n\
positions. FastCGI handlers and a publisher that renders every answer on each\n\
snapshot, behind nginx, over PostgreSQL views; an indexer that reads the\n\
protocol from each chain's nodes; systemd units, the nginx configuration and\n\
its renderer, the sqitch project and the pages (dashboard, API reference).")
set(CPACK_DEBIAN_PACKAGE_SECTION web)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
# The libraries, from the binaries (dpkg-shlibdeps: libbrotli1 for the publisher's libbrotlienc);
# then what the scripts and units run: nginx and the modules nginx/nginx.conf loads, sqitch with
# its PostgreSQL driver and client, and libnss-systemd, which names the units' dynamic users
# (coin_api, coin_indexer) to other processes: PostgreSQL's peer authentication looks the name
# of a socket's peer up, and fails without it.
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS
  "nginx, libnginx-mod-nchan, libnginx-mod-http-lua, sqitch, libdbd-pg-perl, postgresql-client, libnss-systemd, openssl")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS
  "postgresql, prometheus-nginx-exporter, prometheus-postgres-exporter, mtail, logrotate")
# The maintainer scripts: systemd reads the units again (postinst, postrm); a removal stops the
# units (prerm), a purge removes the configuration, state and logs (postrm).
set(CPACK_DEBIAN_PACKAGE_CONTROL_EXTRA ${PROJECT_BINARY_DIR}/debian/conffiles
  ${PROJECT_SOURCE_DIR}/deploy/debian/postinst ${PROJECT_SOURCE_DIR}/deploy/debian/prerm
  ${PROJECT_SOURCE_DIR}/deploy/debian/postrm)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_STRIP_FILES ON)
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
  OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)
include(CPack)

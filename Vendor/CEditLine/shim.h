#ifndef PORTABLESQL_CEDITLINE_SHIM_H
#define PORTABLESQL_CEDITLINE_SHIM_H
// Debian's libedit (BSD editline) through its readline-compatible interface: line editing and
// history for `sqlctx shell`. Only the sqlctx tool links it; the library products never do.
#include <stdio.h>
#include <editline/readline.h>
#endif

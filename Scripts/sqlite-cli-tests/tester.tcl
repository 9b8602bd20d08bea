# PortableSQL's stand-in for SQLite's test/tester.tcl, with just what test/shell*.test use: the
# runner (Scripts/sqlite-cli-tests/run) copies it beside those files as tester.tcl. It runs the
# shell named by $env(CLI) (a program and its first arguments, "sqlctx shell" say) and prints
# one line per case: "PASS NAME" or "FAIL NAME", then the reason on lines starting with "  ".
package require sqlite3

set ::CLI $::env(CLI)
set ::cases 0

proc test_cli_invocation {} { return $::CLI }
proc test_find_cli {} { return $::CLI }

proc forcedelete {args} {
  foreach name $args { catch {file delete -force -- $name} }
}

# The capabilities the shell*.test files ask for, from the compile options of the SQLite the Tcl
# package runs on (the system's): a capability is there unless an OMIT option removed it.
proc capable {name} {
  sqlite3 capabilities :memory:
  set options [capabilities eval {PRAGMA compile_options}]
  capabilities close
  return [expr {[lsearch -glob $options "OMIT_[string toupper $name]*"] < 0}]
}

proc ifcapable {expr code {else ""} {elsecode ""}} {
  regsub -all {[a-z_0-9]+} $expr {[capable &]} test
  if [expr $test] {
    set status [catch {uplevel 1 $code} result]
  } else {
    set status [catch {uplevel 1 $elsecode} result]
  }
  return -code $status $result
}

# Runs the shell on database argument(s) DB with CMD as its standard input; returns
# {exit-status output}, the output being the standard output, or the error text.
proc catchcmd {db {cmd ""}} {
  set out [open cmds.txt w]
  puts $out $cmd
  close $out
  set status [catch { eval "exec $::CLI $db < cmds.txt" } output]
  list $status $output
}

# As catchcmd, with CMD written and the output read byte for byte.
proc catchcmdex {db {cmd ""}} {
  set out [open cmds.txt w]
  fconfigure $out -encoding binary -translation binary
  puts -nonewline $out $cmd
  close $out
  foreach channel {stdin stdout stderr} {
    catch {
      set modes($channel) [fconfigure $channel]
      fconfigure $channel -encoding binary -translation binary -buffering none
    }
  }
  set status [catch { eval "exec -keepnewline -- $::CLI $db < cmds.txt" } output]
  foreach channel {stdin stdout stderr} {
    catch { eval fconfigure [list $channel] $modes($channel) }
  }
  list $status $output
}

proc get_pwd {} { return [pwd] }

# A new, empty test.db, open as db.
proc reset_db {} {
  catch {db close}
  forcedelete test.db test.db-journal test.db-wal
  sqlite3 db ./test.db
}

proc execsql {sql {db db}} {
  uplevel [list $db eval $sql]
}

proc do_execsql_test {name sql {result ""}} {
  uplevel do_test [list $name] [list "execsql {$sql}"] [list [list {*}$result]]
}

# Whether RESULT is what EXPECTED asks: the same text, or, for "/RE/" ("~/RE/"), a match (no
# match) of the regular expression, "#" standing for a number, or of the glob when RE starts
# with "*"; for "*GLOB*" ("~*GLOB*"), a match (no match) of the glob.
proc matches {result expected} {
  if {[regexp {^[~]?/.*/$} $expected]} {
    set negated [expr {[string index $expected 0] eq "~"}]
    set pattern [string range $expected [expr {$negated ? 2 : 1}] end-1]
    if {[string index $pattern 0] eq "*"} {
      set ok [string match $pattern $result]
    } else {
      set ok [regexp [string map {# {[-0-9.]+}} $pattern] $result]
    }
    return [expr {$negated ? !$ok : $ok}]
  }
  if {[regexp {^~?\*.*\*$} $expected]} {
    if {[string index $expected 0] eq "~"} { return [expr {![string match [string range $expected 1 end] $result]}] }
    return [string match $expected $result]
  }
  return [expr {$result eq $expected}]
}

proc do_test {name cmd expected} {
  # A name starting with a digit takes the file's $testprefix, as in SQLite's tester.
  if {[info exists ::testprefix] && [string is digit [string index $name 0]]} {
    set name "$::testprefix-$name"
  }
  incr ::cases
  if {[catch {uplevel #0 "$cmd;\n"} result]} {
    puts "FAIL $name"
    puts "  error: [string map [list \n "\n  "] $result]"
  } elseif {[matches $result $expected]} {
    puts "PASS $name"
  } else {
    puts "FAIL $name"
    puts "  expected: [string map [list \n "\n  "] $expected]"
    puts "  got:      [string map [list \n "\n  "] $result]"
  }
  flush stdout
}

proc finish_test {} {
  catch {db close}
  puts "CASES $::cases"
}

forcedelete test.db test.db-journal test.db-wal
sqlite3 db test.db

import LaunchCatalog

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// An app's launch, for `./launch.sh`, which times it from the process's start to its first state:
//
//     SwitchyardLaunch prepare          writes L1's file (a 1 MB state's snapshot, 1,000 actions journaled after it)
//                                       and prints its path
//     SwitchyardLaunch restore <path>   restores it, makes the store, reads its state, then prints the wall clock
//     SwitchyardLaunch bare             prints the wall clock at once: the same process with nothing to restore
//
// The wall clock is printed in nanoseconds since 1970 (`CLOCK_REALTIME`), which the script compares with the time
// it started the process.

/// The wall clock, in nanoseconds since 1970.
func wallClockNanoseconds() -> Int {
    var time = timespec()
    clock_gettime(CLOCK_REALTIME, &time)
    return time.tv_sec * 1_000_000_000 + time.tv_nsec
}

let arguments = CommandLine.arguments
switch (arguments.count, arguments.count > 1 ? arguments[1] : "") {
case (2, "prepare"):
    let path = temporaryDatabasePath()
    writeLaunchFile(path: path)
    print(path)
case (3, "restore"):
    let tapped = try launchApp(restoring: arguments[2])
    let now = wallClockNanoseconds()
    guard tapped == 1_001 else {
        print("restored \(tapped) taps instead of 1,001: not the file `prepare` writes")
        exit(1)
    }
    print(now)
case (2, "bare"):
    print(wallClockNanoseconds())
default:
    print("usage: SwitchyardLaunch prepare | restore <path> | bare")
    exit(1)
}

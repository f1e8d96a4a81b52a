// libFuzzer target: see CompileCheck; FuzzMain explains the driver.
import FuzzChecks

FuzzMain.run(CompileCheck.run)

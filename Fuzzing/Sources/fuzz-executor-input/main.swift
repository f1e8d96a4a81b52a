// libFuzzer target: see ExecutorInputCheck; FuzzMain explains the driver.
import FuzzChecks

FuzzMain.run(ExecutorInputCheck.run)

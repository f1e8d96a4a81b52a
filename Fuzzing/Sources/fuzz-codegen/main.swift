// libFuzzer target: see CodegenCheck; FuzzMain explains the driver.
import FuzzChecks

FuzzMain.run(CodegenCheck.run)

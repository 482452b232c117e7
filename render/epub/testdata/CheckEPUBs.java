// CheckEPUBs runs EPUBCheck, as its command line does, on each EPUB named,
// in one Java virtual machine: starting one for each book took a quarter of
// a minute a book, most of it the machine's start and warming up. Each
// book's report is printed after a line "=== FILE" naming it, with
// EPUBCheck's exit status, "=== status N".
//
// TestEPUBCheck runs it with Java's source launcher, the jar of EPUBCheck
// 4.2 on the class path:
//
//	java -cp epubcheck.jar CheckEPUBs.java FILE...
import com.adobe.epubcheck.tool.EpubChecker;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;

public class CheckEPUBs {
	public static void main(String[] files) throws Exception {
		PrintStream out = System.out, err = System.err;
		for (String file : files) {
			ByteArrayOutputStream report = new ByteArrayOutputStream();
			PrintStream to = new PrintStream(report, true, "UTF-8");
			System.setOut(to);
			System.setErr(to);
			int status;
			try {
				status = new EpubChecker().run(new String[] {file});
			} finally {
				System.setOut(out);
				System.setErr(err);
			}
			to.flush();
			out.println("=== " + file);
			out.print(report.toString("UTF-8"));
			out.println("=== status " + status);
		}
	}
}
